// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { NO_COMPOSER_MESSAGE, insertIntoComposer } from './composer';

afterEach(() => {
  document.body.replaceChildren();
  vi.restoreAllMocks();
});

/** happy-dom has no editing commands: the test plays the browser's part. */
function stubExecCommand(implementation: (command: string, ui?: boolean, value?: string) => boolean) {
  const execCommand = vi.fn(implementation);
  Object.defineProperty(document, 'execCommand', { value: execCommand, configurable: true });
  return execCommand;
}

/** happy-dom lays nothing out: a box the tests call shown gets a size. */
function show<T extends HTMLElement>(element: T): T {
  vi.spyOn(element as HTMLElement, 'getBoundingClientRect').mockReturnValue({
    width: 300,
    height: 40,
  } as DOMRect);
  return element;
}

describe('putting a message into the message box', () => {
  it('says there is no message box when the page shows none', () => {
    expect(insertIntoComposer(document, null, 'Hi Ana')).toEqual({
      inserted: false,
      message: NO_COMPOSER_MESSAGE,
    });
  });

  it('fills a textarea as typing would, so the site hears an input event', () => {
    const box = show(document.createElement('textarea'));
    document.body.append(box);
    const heard = vi.fn();
    box.addEventListener('input', heard);
    expect(insertIntoComposer(document, null, 'Hi Ana')).toEqual({ inserted: true });
    expect(box.value).toBe('Hi Ana');
    expect(heard).toHaveBeenCalledTimes(1);
  });

  it('writes into the editor the user last wrote in, line by line, through the editing commands', () => {
    const first = show(document.createElement('div'));
    const second = show(document.createElement('div'));
    for (const editor of [first, second]) {
      editor.setAttribute('contenteditable', 'true');
      editor.setAttribute('role', 'textbox');
      document.body.append(editor);
    }
    const commands: [string, string | undefined][] = [];
    stubExecCommand((command, _ui, value) => {
      commands.push([command, value]);
      if (command === 'insertText') first.append(value ?? '');
      return true;
    });
    expect(insertIntoComposer(document, first, 'Hi Ana\nWelcome')).toEqual({ inserted: true });
    expect(commands).toEqual([
      ['insertText', 'Hi Ana'],
      ['insertLineBreak', undefined],
      ['insertText', 'Welcome'],
    ]);
    expect(second.textContent).toBe('');
  });

  it('says so when the editor did not take the text', () => {
    const editor = show(document.createElement('div'));
    editor.setAttribute('contenteditable', 'true');
    document.body.append(editor);
    stubExecCommand(() => false);
    expect(insertIntoComposer(document, null, 'Hi Ana')).toMatchObject({ inserted: false });
  });
});
