import { describe, expect, it } from 'vitest';
import { buildChecklist, checklistSeenId, isChecklistDismissed, type ChecklistFacts } from './checklist';

const NOTHING_DONE: ChecklistFacts = {
  hasContacts: false,
  memberCount: 1,
  openInvitationCount: 0,
  messageTemplateCount: 0,
  isExtensionSignedIn: false,
};

const doneIds = (facts: Partial<ChecklistFacts>) =>
  buildChecklist({ ...NOTHING_DONE, ...facts })
    .filter((item) => item.isDone)
    .map((item) => item.id);

describe('the getting-started checklist', () => {
  it('ticks nothing for a team that has done nothing yet', () => {
    expect(doneIds({})).toEqual([]);
  });

  it('ticks each item from its own fact', () => {
    expect(doneIds({ hasContacts: true })).toEqual(['contacts']);
    expect(doneIds({ openInvitationCount: 1 })).toEqual(['teammate']);
    expect(doneIds({ memberCount: 2 })).toEqual(['teammate']);
    expect(doneIds({ messageTemplateCount: 3 })).toEqual(['template']);
    expect(doneIds({ isExtensionSignedIn: true })).toEqual(['extension']);
  });

  it('counts as dismissed only a never-again value stored for this team', () => {
    const seen = { [checklistSeenId('team-a')]: '1700000000000|0' };
    expect(isChecklistDismissed(seen, 'team-a')).toBe(true);
    expect(isChecklistDismissed(seen, 'team-b')).toBe(false);
    expect(isChecklistDismissed({ [checklistSeenId('team-a')]: '1|2' }, 'team-a')).toBe(false);
  });
});
