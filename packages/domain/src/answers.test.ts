import { describe, expect, it } from 'vitest';
import { extractContactDetails } from './answers';

describe('extractContactDetails', () => {
  it.each([
    [
      [{ question: 'Email for the free guide?', answer: 'Sure: Jane.Doe@Example.com thanks' }],
      { emailAddress: 'jane.doe@example.com' },
    ],
    [[{ question: 'Phone?', answer: 'call me on +44 20 7946 0000' }], { phoneNumber: '+442079460000' }],
    [
      [{ question: 'Why join?', answer: 'To get fit. jane@x.io / 555-010-1234' }],
      { emailAddress: 'jane@x.io', phoneNumber: '555-010-1234' },
    ],
    [[{ question: 'Email?', answer: 'Jösé@Example.com' }], { emailAddress: 'jösé@example.com' }],
    [[{ question: 'Email?', answer: '写信给 用户@例子.广告 谢谢' }], { emailAddress: '用户@例子.广告' }],
    [[{ question: 'Why join?', answer: 'I turned 40 in 2024' }], {}],
    [[], {}],
  ])('reads %j as %j', (answers, expected) => {
    expect(extractContactDetails(answers)).toEqual(expected);
  });

  it('prefers the answer to a question marked as the email question', () => {
    const answers = [
      { question: 'Anything else?', answer: 'my old one was old@x.io' },
      { question: 'Best email?', answer: 'new@x.io' },
    ];
    expect(extractContactDetails(answers, [{ text: 'best email?', answerField: 'email' }])).toEqual({
      emailAddress: 'new@x.io',
    });
  });

  it('does not read a phone number out of the email question', () => {
    const answers = [{ question: 'Email', answer: 'a1234567@x.io' }];
    expect(extractContactDetails(answers, [{ text: 'Email', answerField: 'email' }])).toEqual({
      emailAddress: 'a1234567@x.io',
    });
  });
});
