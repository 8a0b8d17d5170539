import { describe, expect, it } from 'vitest';
import { matchesTriggerWords, parseTriggerWords, triggerWordsSchema } from './trigger-words';

describe('matchesTriggerWords', () => {
  it.each([
    // Whole words, whatever the case and the punctuation around them.
    ['Info please', ['info'], 'info'],
    ['INFO!', ['info'], 'info'],
    ["I'd love more info.", ['info'], 'info'],
    ['info 🙏', ['info'], 'info'],
    ['(info)', ['info'], 'info'],
    ['#info', ['info'], 'info'],
    ['Quel est le prix ?', ['prix'], 'prix'],
    ['PRIX: 20€', ['Prix'], 'Prix'],
    // Part of a longer word, or letters spread over words, is no match.
    ['Where is the information?', ['info'], null],
    ['infos svp', ['info'], null],
    ["I'm in for it", ['info'], null],
    ['reinfo', ['info'], null],
    ['info2', ['info'], null],
    ['', ['info'], null],
    // Accents count, in either Unicode form (NFC and NFD spellings of "é" are one letter).
    ['Quel est le príx ?', ['prix'], null],
    ['Un café svp', ['café'], 'café'],
    ['Un cafe\u0301 svp', ['café'], 'café'],
    ['Un café svp', ['cafe\u0301'], 'cafe\u0301'],
    ['Un cafe svp', ['café'], null],
    ['Un cafétéria', ['café'], null],
    // Other scripts: words with spaces around them, and scripts without spaces matched inside the text.
    ['Какая цена?', ['цена'], 'цена'],
    ['ЦЕНА!!!', ['цена'], 'цена'],
    ['Ценами не интересуюсь', ['цена'], null],
    ['كم السعر؟', ['السعر'], 'السعر'],
    ['この価格はいくらですか?', ['価格'], '価格'],
    ['价格多少', ['价格'], '价格'],
    ['가격이 얼마예요?', ['가격'], '가격'],
    ['ราคาเท่าไหร่', ['ราคา'], 'ราคา'],
    ['ΤΙΜΗ παρακαλώ', ['τιμη'], 'τιμη'],
    // Phrases match across any run of whitespace, never across a word.
    ['please send me it', ['send me'], 'send me'],
    ['please SEND\n  me it', ['send me'], 'send me'],
    ['please send meat', ['send me'], null],
    ['resend me', ['send me'], null],
    // The first trigger of the list that matches wins, returned as given; blank ones are ignored.
    ['price and info please', ['info', 'price'], 'info'],
    ['price and info please', ['price', 'info'], 'price'],
    ['info', ['', '   ', ' Info '], 'Info'],
    ['anything', [], null],
    ['anything', ['', ' '], null],
    // Punctuation in a trigger is literal, never a pattern.
    ['what is a.b?', ['a.b'], 'a.b'],
    ['what is axb?', ['a.b'], null],
    ['call me (now)', ['(now)'], '(now)'],
  ])('%j with %j gives %j', (text, words, expected) => {
    expect(matchesTriggerWords(text, words)).toBe(expected);
  });
});

describe('parseTriggerWords', () => {
  it.each([
    ['info, price', ['info', 'price']],
    ['info\nprice\r\nlink', ['info', 'price', 'link']],
    ['  info ,, \n , price  ', ['info', 'price']],
    ['Info, INFO, info, prix', ['Info', 'prix']],
    ['send   me,  send me', ['send me']],
    ['价格，链接、信息', ['价格', '链接', '信息']],
    ['café, cafe\u0301', ['café']],
    ['', []],
    [' , \n ', []],
  ])('%j gives %j', (input, expected) => {
    expect(parseTriggerWords(input)).toEqual(expected);
  });
});

describe('triggerWordsSchema', () => {
  it.each([
    [['info'], ['info']],
    [
      [' info ', 'send me'],
      ['info', 'send me'],
    ],
    [Array.from({ length: 20 }, (_, index) => `word${index}`), null],
    [['x'.repeat(50)], null],
  ])('accepts %j', (words, expected) => {
    expect(triggerWordsSchema.parse(words)).toEqual(expected ?? words);
  });

  it.each([
    [[], 'Add at least one trigger word'],
    [Array.from({ length: 21 }, (_, index) => `word${index}`), 'Use at most 20 trigger words'],
    [['info', '  '], 'A trigger word cannot be blank'],
    [['x'.repeat(51)], 'A trigger word has at most 50 characters'],
  ])('refuses %j, saying why', (words, message) => {
    const result = triggerWordsSchema.safeParse(words);
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.message)).toEqual([message]);
  });
});
