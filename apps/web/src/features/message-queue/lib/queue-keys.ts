/** What a key pressed in a queue list does to the focused message. */
export type QueueKeyAction =
  | { kind: 'move'; by: 1 | -1 }
  | { kind: 'approve' }
  | { kind: 'reject' }
  | { kind: 'edit' }
  | { kind: 'select' }
  | null;

/** J or ↓ next, K or ↑ before; A approve, R reject, E edit, X select. */
export function readQueueKey(
  key: string,
  modifiers: { ctrl: boolean; meta: boolean; alt: boolean },
): QueueKeyAction {
  if (modifiers.ctrl || modifiers.meta || modifiers.alt) return null;
  switch (key.toLowerCase()) {
    case 'j':
    case 'arrowdown':
      return { kind: 'move', by: 1 };
    case 'k':
    case 'arrowup':
      return { kind: 'move', by: -1 };
    case 'a':
      return { kind: 'approve' };
    case 'r':
      return { kind: 'reject' };
    case 'e':
      return { kind: 'edit' };
    case 'x':
      return { kind: 'select' };
    default:
      return null;
  }
}
