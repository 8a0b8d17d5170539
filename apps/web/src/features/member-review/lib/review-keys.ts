/** What a key pressed in the review list does: a decision on the focused request, or a move. */
export type ReviewKeyAction =
  { kind: 'decide'; decision: 'approve' | 'decline' | 'skip' } | { kind: 'move'; by: 1 | -1 } | null;

/** A for approve, D for decline, S for skip; J or ↓ for the next request, K or ↑ for the one before. */
export function readReviewKey(
  key: string,
  modifiers: { ctrl: boolean; meta: boolean; alt: boolean },
): ReviewKeyAction {
  if (modifiers.ctrl || modifiers.meta || modifiers.alt) return null;
  switch (key.toLowerCase()) {
    case 'a':
      return { kind: 'decide', decision: 'approve' };
    case 'd':
      return { kind: 'decide', decision: 'decline' };
    case 's':
      return { kind: 'decide', decision: 'skip' };
    case 'j':
    case 'arrowdown':
      return { kind: 'move', by: 1 };
    case 'k':
    case 'arrowup':
      return { kind: 'move', by: -1 };
    default:
      return null;
  }
}
