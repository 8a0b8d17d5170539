import { EMPTY_AI_CONTEXT } from '@grouptrack/domain';
import { describe, expect, it } from 'vitest';
import { createOfflineWriter } from './offline-writer';
import { analyzeWritingStyle, greetingOf } from './style-analysis';
import { AiStoppedError, type WriterInput } from './writer';

const context = {
  ...EMPTY_AI_CONTEXT,
  community: 'Runners Club',
  offer: 'a 12-week plan',
  signature: 'Coach Olga',
};
const contact = { firstName: 'Ada', name: 'Ada Lovelace', pipeline: 'Members', stage: null, answers: [] };

async function write(input: WriterInput) {
  const pieces: string[] = [];
  const { text } = await createOfflineWriter().write(input, {
    signal: new AbortController().signal,
    onText: (piece) => pieces.push(piece),
  });
  expect(pieces.join('')).toBe(text);
  return text;
}

describe('analyzeWritingStyle', () => {
  it('reads greeting, length, punctuation, emoji, voice and sign-off', () => {
    const profile = analyzeWritingStyle([
      "Hey Sam! I'm proud of you 🙌\nCheers",
      "Hey Jo, you're flying!\nCheers",
    ]);
    expect(profile).toContain('Greeting: opens with "Hey" (2 of 2 messages).');
    expect(profile).toContain(
      'Punctuation: exclamation marks in 2 of 2 messages; asks a question in 0 of 2 messages.',
    );
    expect(profile).toContain('Emoji: uses them (🙌).');
    expect(profile).toContain("Voice: casual, with contractions (I'm, you're).");
    expect(profile).toContain('Sign-off: "Cheers".');
    expect(greetingOf(profile)).toBe('Hey');
  });

  it('says when there is no greeting, emoji or common sign-off', () => {
    const profile = analyzeWritingStyle(['Thank you for joining. We meet on Fridays.']);
    expect(profile).toContain('Greeting: usually none; goes straight to the point.');
    expect(profile).toContain('Emoji: none.');
    expect(profile).not.toContain('Sign-off');
    expect(greetingOf(profile)).toBeNull();
  });
});

describe('the offline writer', () => {
  it.each([
    ['New member', "I'd love to hear what brought you to Runners Club"],
    ['Qualified', 'Would a short call this week suit you, to see whether a 12-week plan is right for you?'],
    ['Call booked', 'Looking forward to our call!'],
    ['Not a fit', "If anything changes, I'm here"],
    ['Client', 'How are you getting on so far?'],
    ['In conversation', 'Did you get a chance to read my last message?'],
  ])('suggests the next step for the stage %s', async (stage, step) => {
    const text = await write({
      call: 'next-best-message',
      context,
      style: '',
      contact: { ...contact, stage },
      history: [],
      template: null,
      senderName: 'Olga',
    });
    expect(text).toMatch(/^Hi Ada,/);
    expect(text).toContain(step);
    expect(text.endsWith('Coach Olga')).toBe(true);
  });

  it('takes out the words to avoid, and full stops replace exclamation marks for a writer who uses none', async () => {
    const text = await write({
      call: 'new-message-final',
      context: { ...context, wordsToAvoid: ['cheap'] },
      style: '- Punctuation: exclamation marks in 0 of 3 messages; asks a question in 1 of 3 messages.',
      draft: 'hi ada, the cheap plan starts monday!!',
      contact,
    });
    expect(text).toBe('Hi ada, the plan starts monday.\n\nCoach Olga');
  });

  it('stops when asked, between pieces', async () => {
    const stop = new AbortController();
    const writing = createOfflineWriter().write(
      { call: 'new-post-from-prompt', context, style: '', prompt: 'Hill repeats on Tuesday at the park' },
      { signal: stop.signal, onText: () => stop.abort() },
    );
    await expect(writing).rejects.toBeInstanceOf(AiStoppedError);
  });
});
