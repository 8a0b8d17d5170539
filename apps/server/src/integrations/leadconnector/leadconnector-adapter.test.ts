import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AdapterConnection } from '../adapter';
import { AT, makeDelivery, tagChange } from '../adapter-test-kit';
import { createHttpClient } from '../http-client';
import { FAKE_GHL_LOCATION_ID, FAKE_GHL_TOKEN, startFakeGoHighLevel } from '../gohighlevel/fake-gohighlevel';
import { createLeadConnectorAdapter } from './leadconnector-adapter';

describe('the LeadConnector adapter', () => {
  let fake: Awaited<ReturnType<typeof startFakeGoHighLevel>>;
  let connection: AdapterConnection;

  beforeEach(async () => {
    fake = await startFakeGoHighLevel();
    connection = {
      id: 'conn-lc',
      type: 'leadconnector',
      settings: { locationId: FAKE_GHL_LOCATION_ID },
      secrets: { token: FAKE_GHL_TOKEN },
      endpoint: fake.endpoint,
    };
  });
  afterEach(async () => {
    await fake.close();
  });

  it('speaks HighLevel’s API v2 under its own name', async () => {
    const adapter = createLeadConnectorAdapter(connection, createHttpClient());
    expect(await adapter.test()).toBe(
      `Connected to LeadConnector location ${FAKE_GHL_LOCATION_ID} (2 pipelines: Sales, Onboarding).`,
    );
    const ids = await adapter.deliver(
      makeDelivery({
        lead: { phoneNumber: null },
        pipeline: {
          id: 'pipe-1',
          name: 'Dental leads',
          remotePipelineID: 'pl-sales',
          stage: { id: 'stage-1', name: 'New', remoteID: 'st-new' },
        },
        changes: [
          { kind: 'info', action: 'add', at: AT },
          tagChange('add', 'VIP'),
          { kind: 'stage', action: 'add', at: AT },
          { kind: 'note', action: 'add', at: AT, note: { text: 'Asked about implants.' } },
        ],
      }),
    );
    expect(fake.requests.map((request) => `${request.method} ${request.path}`)).toEqual([
      'GET /opportunities/pipelines',
      'POST /contacts/upsert',
      `POST /contacts/${ids.contactID}/tags`,
      'GET /opportunities/search',
      'POST /opportunities/',
      `POST /contacts/${ids.contactID}/notes`,
    ]);
    expect(fake.state.contacts.get(ids.contactID!)?.tags).toEqual(['VIP']);
    expect(fake.state.opportunities.get(ids.pipelineItemID!)?.pipelineStageId).toBe('st-new');
    expect(fake.state.notes).toHaveLength(1);
  });

  it('is refused with HighLevel’s own words for a wrong token', async () => {
    connection.secrets = { token: 'wrong' };
    const adapter = createLeadConnectorAdapter(connection, createHttpClient());
    await expect(adapter.test()).rejects.toMatchObject({
      code: 'auth',
      message: expect.stringContaining('Invalid token') as unknown,
    });
  });
});
