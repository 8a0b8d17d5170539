import { parseSeenValue } from '@grouptrack/domain';

/** What the checklist reads from the team's own data to tick its items. */
export interface ChecklistFacts {
  /** Whether the team holds any contact. */
  hasContacts: boolean;
  /** Members of the team, the owner included. */
  memberCount: number;
  /** Invitations still open (by mail or a shared link). */
  openInvitationCount: number;
  /** The team's message templates. */
  messageTemplateCount: number;
  /** Whether this browser's GroupTrack extension answered check_extension with 'ok': installed and signed in. */
  isExtensionSignedIn: boolean;
}

export type ChecklistItemId = 'contacts' | 'teammate' | 'template' | 'extension';

export interface ChecklistItem {
  id: ChecklistItemId;
  label: string;
  isDone: boolean;
}

/** The four first steps of a new team, each ticked by what the team has really done. */
export function buildChecklist(facts: ChecklistFacts): ChecklistItem[] {
  return [
    { id: 'contacts', label: 'Add or import contacts', isDone: facts.hasContacts },
    {
      id: 'teammate',
      label: 'Invite a teammate',
      isDone: facts.memberCount > 1 || facts.openInvitationCount > 0,
    },
    { id: 'template', label: 'Make a first message template', isDone: facts.messageTemplateCount > 0 },
    {
      id: 'extension',
      label: 'Install the browser extension and sign it in',
      isDone: facts.isExtensionSignedIn,
    },
  ];
}

/** The id under which a user's dismissal of the checklist is kept, one per team. */
export function checklistSeenId(teamUID: string): string {
  return `getting-started-${teamUID}`;
}

/** Whether the user put the checklist away for good (the seen value of a never-again notification). */
export function isChecklistDismissed(seen: Readonly<Record<string, string>>, teamUID: string): boolean {
  return parseSeenValue(seen[checklistSeenId(teamUID)])?.isNeverShowAgain ?? false;
}
