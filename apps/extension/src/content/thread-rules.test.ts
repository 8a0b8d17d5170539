import { describe, expect, it } from 'vitest';
import { isAlreadySent, isNewlySent, readThreadChange } from './thread-rules';

const mine = (text: string) => ({ isMine: true, text });
const theirs = (text: string) => ({ isMine: false, text });

describe('isAlreadySent', () => {
  it.each([
    {
      name: 'finds the text as the thread’s last message of the viewer',
      messages: [theirs('Hi'), mine('See you Thursday')],
      checkThreadFirst: false,
      expected: true,
    },
    {
      name: 'does not stop a send when the same words went out before the person answered',
      messages: [mine('See you Thursday'), theirs('Sure')],
      checkThreadFirst: false,
      expected: false,
    },
    {
      name: 'after a lease ran out, finds the text among the viewer’s last five messages',
      messages: [mine('See you  thursday'), theirs('Sure'), mine('One more thing')],
      checkThreadFirst: true,
      expected: true,
    },
    {
      name: 'after a lease ran out, does not look further back than five of the viewer’s messages',
      messages: [mine('See you Thursday'), ...['a', 'b', 'c', 'd', 'e'].map(mine)],
      checkThreadFirst: true,
      expected: false,
    },
    { name: 'finds nothing in an empty thread', messages: [], checkThreadFirst: true, expected: false },
    {
      name: 'never takes the other party’s message for the viewer’s',
      messages: [theirs('See you Thursday')],
      checkThreadFirst: true,
      expected: false,
    },
  ])('$name', ({ messages, checkThreadFirst, expected }) => {
    expect(isAlreadySent({ messages, text: 'See you Thursday', checkThreadFirst })).toBe(expected);
  });
});

describe('isNewlySent', () => {
  it.each([
    { name: 'sees the text appear as the viewer’s', after: [theirs('Hi'), mine('Hello')], expected: true },
    {
      name: 'waits while only the other party wrote',
      after: [theirs('Hi'), theirs('Hello')],
      expected: false,
    },
    { name: 'waits while the thread is unchanged', after: [theirs('Hi')], expected: false },
  ])('$name', ({ after, expected }) => {
    expect(isNewlySent({ before: [theirs('Hi')], after, text: 'Hello' })).toBe(expected);
  });

  it('counts a second copy of words the viewer sent before', () => {
    const before = [mine('Hello'), theirs('Hi')];
    expect(isNewlySent({ before, after: before, text: 'Hello' })).toBe(false);
    expect(isNewlySent({ before, after: [...before, mine('Hello')], text: 'Hello' })).toBe(true);
  });
});

describe('readThreadChange', () => {
  it.each([
    {
      name: 'sees a reply of the other party',
      before: [mine('Hello')],
      after: [mine('Hello'), theirs('Thanks!')],
      expected: { theirs: 1, mine: [] },
    },
    {
      name: 'gives the viewer’s new texts',
      before: [theirs('Hi')],
      after: [theirs('Hi'), mine('Typed by hand')],
      expected: { theirs: 0, mine: ['Typed by hand'] },
    },
    {
      name: 'takes older messages loaded above for nothing new',
      before: [mine('Hello')],
      after: [theirs('Older'), mine('Hello')],
      expected: { theirs: 0, mine: [] },
    },
    {
      name: 'takes everything for new in a thread that was empty',
      before: [],
      after: [theirs('First')],
      expected: { theirs: 1, mine: [] },
    },
    {
      name: 'tells nothing when the last message read is gone',
      before: [mine('Hello')],
      after: [theirs('Other thread')],
      expected: null,
    },
  ])('$name', ({ before, after, expected }) => {
    expect(readThreadChange(before, after)).toEqual(expected);
  });
});
