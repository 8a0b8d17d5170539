/** The app's keyboard shortcuts, as the "?" list shows them. `mod` is Ctrl, or ⌘ on a Mac. */
export const SHORTCUTS: readonly { keys: readonly string[]; does: string }[] = [
  { keys: ['mod', 'K'], does: 'Open the command palette: find a contact, create one, go to a page' },
  { keys: ['/'], does: 'Search contacts' },
  { keys: ['?'], does: 'Show these shortcuts' },
  { keys: ['Esc'], does: 'Close a dialog or the palette' },
  { keys: ['J'], does: 'On a contact: the next one in the list you opened it from' },
  { keys: ['K'], does: 'On a contact: the previous one in the list you opened it from' },
  { keys: ['F2'], does: 'In the Table: edit the focused cell (the name opens the contact)' },
];

/** Whether a key press was meant for a text field rather than for a shortcut. */
export function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName);
}
