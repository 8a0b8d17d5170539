import { describe, expect, it } from 'vitest';
import { splitPastedMessages } from './split-messages';

describe('splitPastedMessages', () => {
  it.each([
    ['one message', 'Hey Sam!', ['Hey Sam!']],
    ['dashes between', 'Hey Sam!\n---\nHi Jo', ['Hey Sam!', 'Hi Jo']],
    ['two blank lines between', 'Hey Sam!\n\n\nHi Jo', ['Hey Sam!', 'Hi Jo']],
    ['one blank line keeps paragraphs', 'Hey Sam!\n\nSee you\n---\nHi', ['Hey Sam!\n\nSee you', 'Hi']],
    ['Windows line ends and empty blocks', 'A\r\n---\r\n\r\n---\r\nB', ['A', 'B']],
    ['nothing', '  \n ', []],
  ])('%s', (_name, pasted, messages) => {
    expect(splitPastedMessages(pasted)).toEqual(messages);
  });
});
