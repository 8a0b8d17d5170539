/**
 * Puts a message into the platform's message box. The composers are React editors (Lexical, Draft)
 * that ignore a changed textContent, so the text goes in as typing would: focus, caret at the end,
 * then execCommand('insertText'), which they apply as an input of the user's. A plain textarea gets
 * its value through the native setter and an input event, which React's onChange hears.
 */

/** Message boxes as the platforms mark them for assistive technology: never their generated classes. */
const COMPOSER_SELECTORS = [
  '[contenteditable="true"][role="textbox"]',
  'div[contenteditable="true"]',
  'textarea',
];

export type InsertOutcome = { inserted: true } | { inserted: false; message: string };

export const NO_COMPOSER_MESSAGE =
  'No message box is open on this page: open a conversation with them, or use Copy.';

/** The message box to write in: the one that last had the focus, else the last one shown on the page. */
export function findComposer(doc: Document, lastFocused: Element | null): HTMLElement | null {
  if (lastFocused instanceof HTMLElement && isComposer(lastFocused) && lastFocused.isConnected)
    return lastFocused;
  for (const selector of COMPOSER_SELECTORS) {
    const shown = [...doc.querySelectorAll<HTMLElement>(selector)].filter(isShown);
    const last = shown.at(-1);
    if (last) return last;
  }
  return null;
}

export function isComposer(element: Element): boolean {
  return COMPOSER_SELECTORS.some((selector) => element.matches(selector));
}

export function insertIntoComposer(doc: Document, lastFocused: Element | null, text: string): InsertOutcome {
  const composer = findComposer(doc, lastFocused);
  if (!composer) return { inserted: false, message: NO_COMPOSER_MESSAGE };
  if (!typeInto(doc, composer, text)) {
    return { inserted: false, message: 'The message box did not take the text: use Copy and paste it.' };
  }
  return { inserted: true };
}

/** Types text at the end of a text box or editor as the user would; false when it did not take it. */
export function typeInto(doc: Document, box: HTMLElement, text: string): boolean {
  box.focus();
  if (box instanceof HTMLTextAreaElement) {
    // The prototype's setter, not the element's: React tracks the value through the element's own.
    const value = box.value === '' ? text : `${box.value}\n${text}`;
    Reflect.set(HTMLTextAreaElement.prototype, 'value', value, box);
    box.dispatchEvent(new Event('input', { bubbles: true }));
    return true;
  }
  const selection = doc.getSelection();
  if (selection) {
    const range = doc.createRange();
    range.selectNodeContents(box);
    range.collapse(false);
    selection.removeAllRanges();
    selection.addRange(range);
  }
  // Line by line: editors keep only the last line of one multi-line insertText.
  const lines = text.split('\n');
  lines.forEach((line, index) => {
    if (index > 0) doc.execCommand('insertLineBreak');
    if (line !== '') doc.execCommand('insertText', false, line);
  });
  return (box.textContent ?? '').includes(lines.at(-1) ?? '');
}

function isShown(element: HTMLElement): boolean {
  const box = element.getBoundingClientRect();
  return box.width > 0 && box.height > 0;
}

/** An element of the page as one to click or type in (an SVG icon has no click of its own). */
export function asClickable(element: Element | null): HTMLElement | null {
  return element !== null && typeof (element as HTMLElement).click === 'function'
    ? (element as HTMLElement)
    : null;
}
