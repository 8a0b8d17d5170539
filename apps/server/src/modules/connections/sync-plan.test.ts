import { describe, expect, it } from 'vitest';
import type { PipelineLink } from './connection-links';
import { planDeliveries, type ContactFact, type TagFact } from './sync-plan';
import type { ConnectionRow, OutboxLine } from './sync.repository';

const TEAM = 'team-1';
const AT = new Date('2024-06-01T12:00:00.000Z');
const HAPPENED = new Date('2024-06-01T11:59:00.000Z');
const EVERYTHING = {
  info: ['add', 'update', 'delete'],
  stage: ['add', 'update', 'delete'],
  tag: ['add', 'delete'],
  note: ['add', 'update', 'delete'],
  task: ['add', 'update', 'delete'],
};

function makeConnection(overrides: Partial<ConnectionRow> = {}): ConnectionRow {
  return {
    teamId: TEAM,
    id: 'conn-hook',
    type: 'webhooks',
    name: 'Our receiver',
    status: 'active',
    emailOnly: false,
    receives: EVERYTHING,
    settings: {},
    secrets: 'sealed',
    secretHints: {},
    failuresInRow: 0,
    createdAt: AT,
    updatedAt: AT,
    ...overrides,
  };
}

function makeLink(
  pipelineId: string,
  connection: ConnectionRow,
  overrides: Partial<Pick<PipelineLink, 'delayBy' | 'syncPeriod'>> = {},
): PipelineLink {
  return {
    type: 'connection',
    connectionId: connection.id,
    syncPeriod: 0,
    delayBy: 0,
    remotePipelineId: null,
    pipelineId,
    pipelineName: `Pipeline ${pipelineId}`,
    connection,
    ...overrides,
  };
}

let lineCount = 0;
function makeLine(overrides: Partial<OutboxLine> = {}): OutboxLine {
  lineCount += 1;
  return {
    teamId: TEAM,
    activityId: `act-${lineCount}`,
    contactId: 'ann',
    pipelineId: 'leads',
    type: 'info',
    action: 'updated',
    note: null,
    data: {},
    createdAt: HAPPENED,
    ...overrides,
  };
}

const stageLine = (data: Record<string, unknown>, overrides: Partial<OutboxLine> = {}) =>
  makeLine({ type: 'stage', action: 'changed', data, ...overrides });
const tagLine = (tagUID: string, overrides: Partial<OutboxLine> = {}) =>
  makeLine({ type: 'tag', action: 'added', data: { tagUID, tag: 'Line tag name' }, ...overrides });

function makeContact(overrides: Partial<ContactFact> = {}): ContactFact {
  return { email_address: 'ann@example.com', phone_number: null, pipeline_ids: ['leads'], ...overrides };
}

function makeTag(overrides: Partial<TagFact> = {}): TagFact {
  return { name: 'Hot', tag_set_name: 'Interest', connection_id: null, remote_id: null, ...overrides };
}

/** planDeliveries over one team, with ids counted from 1 and everything unset left empty. */
function plan(input: {
  lines: OutboxLine[];
  links?: PipelineLink[];
  contacts?: Record<string, ContactFact>;
  tags?: Record<string, TagFact>;
  stages?: Record<string, { name: string; remote_id: string | null }>;
}) {
  let ids = 0;
  const links = new Map<string, PipelineLink[]>();
  for (const link of input.links ?? [makeLink('leads', makeConnection())]) {
    links.set(link.pipelineId, [...(links.get(link.pipelineId) ?? []), link]);
  }
  return planDeliveries({
    teamId: TEAM,
    lines: input.lines,
    links,
    contacts: new Map(Object.entries(input.contacts ?? { ann: makeContact() })),
    tags: new Map(Object.entries(input.tags ?? {})),
    stages: new Map(Object.entries(input.stages ?? {})),
    at: AT,
    newId: () => `delivery-${++ids}`,
  });
}

const minutesAfterAt = (minutes: number) => new Date(AT.getTime() + minutes * 60_000);

describe('planDeliveries', () => {
  describe('what is queued', () => {
    it('queues one waiting delivery for a change in a linked pipeline, due after delayBy and syncPeriod', () => {
      const connection = makeConnection();
      const { waiting, skipped } = plan({
        lines: [makeLine()],
        links: [makeLink('leads', connection, { delayBy: 10, syncPeriod: 5 })],
      });
      expect(skipped).toEqual([]);
      expect(waiting).toEqual([
        {
          id: 'delivery-1',
          teamId: TEAM,
          connectionId: connection.id,
          contactId: 'ann',
          pipelineId: 'leads',
          status: 'pending',
          attempts: 0,
          dueAt: minutesAfterAt(15),
          changes: [{ kind: 'info', action: 'update', at: HAPPENED.toISOString() }],
        },
      ]);
    });

    it('is due at once when the link neither delays nor waits', () => {
      const { waiting } = plan({ lines: [makeLine()] });
      expect(waiting[0]?.dueAt).toEqual(AT);
    });

    it("coalesces one person's changes into one delivery, in the order they happened", () => {
      const { waiting } = plan({
        lines: [
          makeLine({ type: 'note', action: 'added', note: 'First call went well' }),
          tagLine('hot'),
          makeLine({ type: 'note', action: 'updated', note: 'Second call too' }),
        ],
        tags: { hot: makeTag() },
      });
      expect(waiting).toHaveLength(1);
      expect(waiting[0]?.changes.map((change) => [change.kind, change.action])).toEqual([
        ['note', 'add'],
        ['tag', 'add'],
        ['note', 'update'],
      ]);
    });

    it('keeps a person’s changes in two pipelines of one connection apart, each with its own delay', () => {
      const connection = makeConnection();
      const { waiting } = plan({
        lines: [
          stageLine({ from: 'new', to: 'won' }, { pipelineId: 'leads' }),
          stageLine({ from: 'trial', to: 'paid' }, { pipelineId: 'buyers' }),
        ],
        links: [makeLink('leads', connection), makeLink('buyers', connection, { delayBy: 60 })],
        contacts: { ann: makeContact({ pipeline_ids: ['leads', 'buyers'] }) },
      });
      expect(
        waiting.map((delivery) => [delivery.pipelineId, delivery.dueAt, delivery.changes.length]),
      ).toEqual([
        ['leads', AT, 1],
        ['buyers', minutesAfterAt(60), 1],
      ]);
    });

    it('queues one delivery per person', () => {
      const { waiting } = plan({
        lines: [
          makeLine({ contactId: 'ann' }),
          makeLine({ contactId: 'bob' }),
          makeLine({ contactId: 'ann' }),
        ],
        contacts: { ann: makeContact(), bob: makeContact({ email_address: 'bob@example.com' }) },
      });
      expect(waiting.map((delivery) => [delivery.contactId, delivery.changes.length])).toEqual([
        ['ann', 2],
        ['bob', 1],
      ]);
    });

    it('queues one delivery per connection of the pipeline', () => {
      const hook = makeConnection({ id: 'conn-hook' });
      const sheet = makeConnection({ id: 'conn-sheet', type: 'gsheet' });
      const { waiting } = plan({
        lines: [makeLine()],
        links: [makeLink('leads', hook), makeLink('leads', sheet)],
      });
      expect(waiting.map((delivery) => delivery.connectionId)).toEqual(['conn-hook', 'conn-sheet']);
    });

    it('tells a connection that two of the person’s pipelines use of each change once', () => {
      const hook = makeConnection();
      const { waiting, skipped } = plan({
        lines: [
          makeLine({ pipelineId: null }),
          makeLine({ pipelineId: null, type: 'contact', action: 'merged' }),
        ],
        links: [makeLink('leads', hook), makeLink('buyers', hook)],
        contacts: { ann: makeContact({ pipeline_ids: ['leads', 'buyers'] }) },
      });
      expect(skipped).toEqual([]);
      expect(waiting).toHaveLength(1);
      expect(waiting[0]?.changes).toHaveLength(2);
    });

    it('sends a change of the person themselves to the connections of every pipeline they are in now', () => {
      const { waiting } = plan({
        lines: [makeLine({ pipelineId: null })],
        links: [
          makeLink('leads', makeConnection({ id: 'conn-leads' })),
          makeLink('buyers', makeConnection({ id: 'conn-buyers' })),
          makeLink('former', makeConnection({ id: 'conn-former' })),
        ],
        contacts: { ann: makeContact({ pipeline_ids: ['leads', 'buyers'] }) },
      });
      expect(waiting.map((delivery) => [delivery.connectionId, delivery.pipelineId])).toEqual([
        ['conn-leads', 'leads'],
        ['conn-buyers', 'buyers'],
      ]);
    });

    it('sends a change of a person in no pipeline nowhere', () => {
      const result = plan({
        lines: [makeLine({ pipelineId: null })],
        contacts: { ann: makeContact({ pipeline_ids: null }) },
      });
      expect(result).toEqual({ waiting: [], skipped: [] });
    });

    it('sends a change in a pipeline with no connection nowhere', () => {
      const result = plan({ lines: [makeLine({ pipelineId: 'unlinked' })] });
      expect(result).toEqual({ waiting: [], skipped: [] });
    });

    it.each([
      { type: 'message', action: 'sent' },
      { type: 'status_label', action: 'set' },
      { type: 'member_request', action: 'approved' },
      { type: 'deal', action: 'added' },
    ])('makes nothing of a $type $action line, which no connection receives', (line) => {
      expect(plan({ lines: [makeLine(line)] })).toEqual({ waiting: [], skipped: [] });
    });
  });

  describe('what is skipped, and why', () => {
    it('logs a change to a paused connection as skipped', () => {
      const { waiting, skipped } = plan({
        lines: [makeLine()],
        links: [makeLink('leads', makeConnection({ status: 'paused' }), { delayBy: 60 })],
      });
      expect(waiting).toEqual([]);
      expect(skipped).toEqual([
        expect.objectContaining({
          id: 'delivery-1',
          status: 'skipped',
          skipReason: 'paused',
          connectionId: 'conn-hook',
          contactId: 'ann',
          pipelineId: 'leads',
          // A skip is logged when planned, never held back.
          dueAt: AT,
          changes: [{ kind: 'info', action: 'update', at: HAPPENED.toISOString() }],
        }),
      ]);
    });

    it('skips a change the connection does not receive', () => {
      const receives = { ...EVERYTHING, note: ['add'] };
      const { waiting, skipped } = plan({
        lines: [
          makeLine({ type: 'note', action: 'added', note: 'Kept' }),
          makeLine({ type: 'note', action: 'deleted', data: { deletedNote: { text: 'Gone' } } }),
        ],
        links: [makeLink('leads', makeConnection({ receives }))],
      });
      expect(waiting.map((delivery) => delivery.changes.map((change) => change.action))).toEqual([['add']]);
      expect(skipped.map((row) => [row.skipReason, row.changes[0]?.action])).toEqual([
        ['option-disabled', 'delete'],
      ]);
    });

    it.each([
      { name: 'neither email nor phone', contact: { email_address: null, phone_number: null }, skip: true },
      { name: 'only a phone', contact: { email_address: null, phone_number: '+15551234567' }, skip: false },
      {
        name: 'only an email',
        contact: { email_address: 'ann@example.com', phone_number: null },
        skip: false,
      },
    ])('on an email-only connection, skips a person with $name: $skip', ({ contact, skip }) => {
      const { waiting, skipped } = plan({
        lines: [makeLine()],
        links: [makeLink('leads', makeConnection({ emailOnly: true }))],
        contacts: { ann: makeContact(contact) },
      });
      expect(skipped.map((row) => row.skipReason)).toEqual(skip ? ['no-email-or-phone'] : []);
      expect(waiting).toHaveLength(skip ? 0 : 1);
    });

    it.each([
      { type: 'gohighlevel', remoteId: null, skipReason: 'unsupported-stage-sync' },
      { type: 'gohighlevel', remoteId: 'ghl-stage-9', skipReason: null },
      { type: 'webhooks', remoteId: null, skipReason: null },
    ])(
      'for $type, a move to a stage with remote id $remoteId is skipped for $skipReason',
      ({ type, remoteId, skipReason }) => {
        const { waiting, skipped } = plan({
          lines: [stageLine({ from: 'stage-new', to: 'stage-talking', stage: 'Talking' })],
          links: [makeLink('leads', makeConnection({ type }))],
          stages: {
            'stage-new': { name: 'New', remote_id: 'ghl-stage-1' },
            'stage-talking': { name: 'Talking', remote_id: remoteId },
          },
        });
        expect(skipped.map((row) => row.skipReason)).toEqual(skipReason ? [skipReason] : []);
        expect(waiting).toHaveLength(skipReason ? 0 : 1);
      },
    );

    it('judges a person added to a pipeline by the remote id of the stage they start in', () => {
      const ghl = makeConnection({ id: 'conn-ghl', type: 'gohighlevel' });
      const line = (stageUID: string) =>
        makeLine({ type: 'pipeline', action: 'added', data: { stageUID, stage: 'New', pipeline: 'Leads' } });
      const { waiting, skipped } = plan({
        lines: [line('stage-mapped'), line('stage-unmapped')],
        links: [makeLink('leads', ghl)],
        stages: {
          'stage-mapped': { name: 'New', remote_id: 'ghl-stage-1' },
          'stage-unmapped': { name: 'New too', remote_id: null },
        },
      });
      expect(waiting[0]?.changes).toEqual([
        expect.objectContaining({ kind: 'stage', action: 'add', stage: { from: null, to: 'New' } }),
      ]);
      expect(skipped.map((row) => row.skipReason)).toEqual(['unsupported-stage-sync']);
    });

    it.each([
      { name: 'a tag with no remote id', tag: { connection_id: 'conn-ac', remote_id: null } },
      {
        name: 'a tag whose set is mapped to another connection',
        tag: { connection_id: 'conn-other', remote_id: '17' },
      },
      { name: 'a tag of a set mapped nowhere', tag: { connection_id: null, remote_id: '17' } },
    ])('skips $name for ActiveCampaign', ({ tag }) => {
      const { waiting, skipped } = plan({
        lines: [tagLine('hot')],
        links: [makeLink('leads', makeConnection({ id: 'conn-ac', type: 'activecampaign' }))],
        tags: { hot: makeTag(tag) },
      });
      expect(waiting).toEqual([]);
      expect(skipped.map((row) => row.skipReason)).toEqual(['unsupported-tag-sync']);
    });

    it('sends ActiveCampaign a tag of the set mapped to it', () => {
      const { waiting, skipped } = plan({
        lines: [tagLine('hot')],
        links: [makeLink('leads', makeConnection({ id: 'conn-ac', type: 'activecampaign' }))],
        tags: { hot: makeTag({ connection_id: 'conn-ac', remote_id: '17' }) },
      });
      expect(skipped).toEqual([]);
      expect(waiting[0]?.changes[0]).toMatchObject({ tag: { remoteID: '17' } });
    });

    it('logs a skip without holding back the waiting changes of another connection', () => {
      const { waiting, skipped } = plan({
        lines: [makeLine()],
        links: [
          makeLink('leads', makeConnection({ id: 'conn-paused', status: 'paused' })),
          makeLink('leads', makeConnection({ id: 'conn-live' })),
        ],
      });
      expect(skipped.map((row) => [row.id, row.connectionId])).toEqual([['delivery-1', 'conn-paused']]);
      expect(waiting.map((row) => [row.id, row.connectionId])).toEqual([['delivery-2', 'conn-live']]);
    });
  });

  describe('what each change carries', () => {
    it("carries a tag's name and set name, and its remote id only to the connection its set is mapped to", () => {
      const mapped = makeConnection({ id: 'conn-cf', type: 'clickfunnels' });
      const hook = makeConnection({ id: 'conn-hook' });
      const { waiting } = plan({
        lines: [tagLine('hot', { action: 'removed' })],
        links: [makeLink('leads', mapped), makeLink('leads', hook)],
        tags: {
          hot: makeTag({
            name: 'Hot',
            tag_set_name: 'Interest',
            connection_id: 'conn-cf',
            remote_id: 'cf-9',
          }),
        },
      });
      expect(waiting.map((delivery) => [delivery.connectionId, delivery.changes])).toEqual([
        [
          'conn-cf',
          [
            {
              kind: 'tag',
              action: 'delete',
              at: HAPPENED.toISOString(),
              tag: { name: 'Hot', tagSetName: 'Interest', remoteID: 'cf-9' },
            },
          ],
        ],
        [
          'conn-hook',
          [
            {
              kind: 'tag',
              action: 'delete',
              at: HAPPENED.toISOString(),
              tag: { name: 'Hot', tagSetName: 'Interest', remoteID: null },
            },
          ],
        ],
      ]);
    });

    it("falls back on the line's tag name for a tag since deleted", () => {
      const { waiting } = plan({ lines: [tagLine('gone')] });
      expect(waiting[0]?.changes[0]).toMatchObject({
        tag: { name: 'Line tag name', tagSetName: '', remoteID: null },
      });
    });

    it('carries the names of the stages left and entered', () => {
      const { waiting } = plan({
        lines: [stageLine({ from: 'stage-new', to: 'stage-talking', stage: 'Talking' })],
        stages: {
          'stage-new': { name: 'New', remote_id: null },
          'stage-talking': { name: 'Talking now', remote_id: null },
        },
      });
      expect(waiting[0]?.changes[0]).toMatchObject({
        kind: 'stage',
        action: 'update',
        stage: { from: 'New', to: 'Talking now' },
      });
    });

    it('names the stage entered from the line when the stage is gone, and the one left as unknown', () => {
      const { waiting } = plan({
        lines: [stageLine({ from: 'stage-gone', to: 'stage-gone-too', stage: 'Talking' })],
      });
      expect(waiting[0]?.changes[0]).toMatchObject({ stage: { from: null, to: 'Talking' } });
    });

    it('carries the address an info change replaced', () => {
      const { waiting } = plan({
        lines: [
          makeLine({ data: { fields: ['emailAddress'], oldEmailAddress: 'ann@old.example' } }),
          makeLine({ data: { fields: ['firstName'] } }),
        ],
      });
      expect(waiting[0]?.changes).toEqual([
        { kind: 'info', action: 'update', at: HAPPENED.toISOString(), oldEmailAddress: 'ann@old.example' },
        { kind: 'info', action: 'update', at: HAPPENED.toISOString() },
      ]);
    });

    it("carries a note's text, and a deleted note's text from before it went", () => {
      const { waiting } = plan({
        lines: [
          makeLine({ type: 'note', action: 'added', note: 'Wants the course' }),
          makeLine({
            type: 'note',
            action: 'deleted',
            note: null,
            data: { noteUID: 'note-1', deletedNote: { text: 'Wants the course' } },
          }),
        ],
      });
      expect(waiting[0]?.changes.map((change) => [change.action, change.note])).toEqual([
        ['add', { text: 'Wants the course' }],
        ['delete', { text: 'Wants the course' }],
      ]);
    });

    it("carries a task's name, due time and what happened to it", () => {
      const { waiting } = plan({
        lines: [
          makeLine({
            type: 'task',
            action: 'completed',
            data: { taskUID: 'task-1', taskName: 'Call Ann', dueAt: '2024-06-02T09:00:00.000Z' },
          }),
        ],
      });
      expect(waiting[0]?.changes[0]).toEqual({
        kind: 'task',
        action: 'update',
        at: HAPPENED.toISOString(),
        task: { taskName: 'Call Ann', dueAt: '2024-06-02T09:00:00.000Z', action: 'completed' },
      });
    });
  });
});
