import type { AiContext } from '@grouptrack/domain';
import { analyzeWritingStyle, avoidsExclamations, greetingOf } from './style-analysis';
import { AiStoppedError, type AiWriter, type WriterContact, type WriterInput } from './writer';

/**
 * The offline provider, the default with no AI server configured: it composes drafts from the
 * team's context, the sender's style, the contact's data and history and the chosen template, by
 * rules rather than a model, and nothing leaves the server. Its answers are marked as drafts.
 */

const capitalize = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
const endSentence = (text: string) => (/[.!?…]$/.test(text) ? text : `${text}.`);
const clip = (text: string, max: number) =>
  text.length > max ? `${text.slice(0, max - 1).trimEnd()}…` : text;

/** "Invite them to the call" -> "invite you to the call": a request about the contact, said to them. */
function toContact(request: string): string {
  return request
    .replace(/\bthem\b/gi, 'you')
    .replace(/\btheir\b/gi, 'your')
    .replace(/\bthey are\b/gi, 'you are')
    .replace(/\bthey're\b/gi, "you're")
    .replace(/\bthey\b/gi, 'you')
    .replace(/\bhim\b|\bher\b/gi, 'you')
    .replace(/\bhis\b/gi, 'your');
}

const OPENERS: [RegExp, string][] = [
  [/^(?:write (?:a |an )?(?:message|note|dm|post|template) (?:that |to |which )?)/i, ''],
  [/^invite\b/i, "I'd like to invite"],
  [/^ask\b/i, 'I wanted to ask'],
  [/^remind\b/i, 'Just a quick reminder to'],
  [/^thank\b/i, 'Thank'],
  [/^tell\b/i, 'I wanted to tell'],
  [/^offer\b/i, "I'd like to offer"],
  [/^welcome\b/i, 'Welcome'],
  [/^follow(?:ing)? up\b/i, "I'm following up"],
  [/^check in\b/i, 'Just checking in'],
];

/** A request ("invite them to Friday's call") as a sentence to the contact. */
function requestAsSentence(request: string): string {
  let text = request
    .trim()
    .replace(/\s+/g, ' ')
    .replace(/[.!]+$/, '');
  for (const [pattern, replacement] of OPENERS) {
    if (pattern.test(text)) {
      text = text.replace(pattern, replacement).trim();
      if (replacement) break;
    }
  }
  text = toContact(text);
  if (/^(remind\s+you\s+)?(remind|reminder)/i.test(text))
    text = text.replace(/^remind you to/i, 'Just a quick reminder to');
  if (/^(Just a quick reminder to) you to\b/.test(text)) text = text.replace(' you to', '');
  return endSentence(capitalize(text));
}

/** Takes out the team's words to avoid, whole words whatever their case, and closes the gaps. */
function withoutAvoidedWords(text: string, avoid: readonly string[]): string {
  let result = text;
  for (const word of avoid) {
    const escaped = word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    result = result.replace(new RegExp(`\\b${escaped}\\b`, 'gi'), '');
  }
  return result
    .replace(/[ \t]{2,}/g, ' ')
    .replace(/[ \t]+([,.!?;:])/g, '$1')
    .replace(/^[ \t]+|[ \t]+$/gm, '');
}

/** How the sender greets (their style's greeting, else "Hi") and whom. */
function greet(style: string, firstName: string | null) {
  const hello = greetingOf(style) ?? 'Hi';
  return `${hello} ${firstName || 'there'},`;
}

/** The sender's style and the team's rules applied to a finished message, then the signature. */
function finish(body: string[], context: AiContext, style: string): string {
  let text = body.filter(Boolean).join('\n\n');
  if (avoidsExclamations(style)) text = text.replace(/!/g, '.');
  text = withoutAvoidedWords(text, context.wordsToAvoid);
  const signature = context.signature.trim();
  if (signature && !text.includes(signature)) text = `${text}\n\n${signature}`;
  return text;
}

/** What the stage suggests as the next step. */
function nextStep(contact: WriterContact, context: AiContext): string {
  const stage = (contact.stage ?? '').toLowerCase();
  const community = context.community || contact.pipeline || 'the group';
  const welcome = `I'd love to hear what brought you to ${clip(community, 120)} and what you're hoping to get from it.`;
  // A new member's stage ("New member") is a welcome, not a client's check-in.
  if (/\bnew\b|lead|join|request|pending/.test(stage)) return welcome;
  if (/not a fit|lost|declin|unqualif/.test(stage))
    return "Thanks again for your time. If anything changes, I'm here whenever you'd like to talk.";
  if (/won|client|customer|member|closed|bought/.test(stage))
    return 'How are you getting on so far? Is there anything I can help with?';
  if (/booked|scheduled/.test(stage))
    return "Looking forward to our call! Is there anything you'd like me to prepare?";
  if (/qualif|interest|call|meet|demo|proposal|negotiat/.test(stage))
    return context.offer
      ? `Would a short call this week suit you, to see whether ${clip(context.offer, 120)} is right for you?`
      : 'Would a short call this week suit you, to talk about what you need?';
  if (/contact|messag|follow|reached|sent|conversation|welcomed|replied/.test(stage))
    return 'Did you get a chance to read my last message? I would love to hear what you think.';
  return welcome;
}

function nextBestMessage(input: Extract<WriterInput, { call: 'next-best-message' }>): string {
  const { contact, context, style, history, template } = input;
  const body = [greet(style, contact.firstName)];
  if (template) {
    // The template already holds the greeting it wants: it replaces ours.
    return finish([template], context, style);
  }
  const answer = contact.answers.find((each) => each.answer.trim());
  if (answer) {
    body.push(
      `Thanks for answering "${clip(answer.question, 80)}" when you joined${contact.pipeline ? ` ${contact.pipeline}` : ''}: "${clip(answer.answer.replace(/\s+/g, ' '), 160)}".`,
    );
  } else if (history.length > 0) {
    const last = history[0]!;
    body.push(
      `Following up on our last ${last.type === 'note' ? 'conversation' : 'exchange'} (${last.at.slice(0, 10)}).`,
    );
  }
  body.push(nextStep(contact, context));
  return finish(body, context, style);
}

function messageFromPrompt(input: Extract<WriterInput, { call: 'new-message-from-prompt' }>): string {
  const { context, style, prompt, contact } = input;
  const body = [greet(style, contact?.firstName ?? null), requestAsSentence(prompt)];
  if (context.offer && /offer|price|join|program|course|call/i.test(prompt)) {
    body.push(`As a reminder, ${endSentence(clip(context.offer, 200))}`);
  }
  body.push('Let me know what you think!');
  return finish(body, context, style);
}

/** Tidies a draft: spacing, capitals, "i", repeated punctuation; adds a greeting and signature. */
function polish(input: Extract<WriterInput, { call: 'new-message-final' }>): string {
  const { context, style, draft, contact } = input;
  const paragraphs = draft
    .replace(/\r\n/g, '\n')
    .split(/\n{2,}/)
    .map((paragraph) =>
      paragraph
        .replace(/[ \t]+/g, ' ')
        .replace(/\bi\b/g, 'I')
        .replace(/\bi'(m|ve|ll|d)\b/g, "I'$1")
        .replace(/([!?.])\1+/g, '$1')
        .replace(/\s+([,.!?;:])/g, '$1')
        .replace(/([,.!?;:])(?=[A-Za-z])/g, '$1 ')
        .replace(
          /(^|[.!?]\s+)([a-z])/g,
          (_whole, before: string, letter: string) => before + letter.toUpperCase(),
        )
        .trim(),
    )
    .filter(Boolean);
  const last = paragraphs.length - 1;
  if (last >= 0 && !GREETING_LINE.test(paragraphs[last]!)) paragraphs[last] = endSentence(paragraphs[last]!);
  if (paragraphs.length > 0 && !GREETING_LINE.test(paragraphs[0]!) && contact) {
    paragraphs.unshift(greet(style, contact.firstName));
  }
  return finish(paragraphs, context, style);
}
const GREETING_LINE = /^(hi|hey|hello|hiya|dear|good (morning|afternoon|evening))\b/i;

function post(input: Extract<WriterInput, { call: 'new-post-from-prompt' }>): string {
  const { context, style, prompt } = input;
  const topic = prompt.trim().replace(/[.!]+$/, '');
  const headline = capitalize(topic.split(/[.:\n]/)[0]!.slice(0, 80));
  const who = context.audience ? `Hey ${clip(context.audience, 80)}` : 'Hey everyone';
  const body = [
    `📣 ${headline}`,
    `${who}! ${requestAsSentence(prompt)}`,
    context.offer ? `In case you missed it: ${endSentence(clip(context.offer, 200))}` : '',
    'Comment below with your thoughts, I read every one.',
  ];
  return finish(body, context, style);
}

function templatePrompt(input: Extract<WriterInput, { call: 'generate-message-template-prompt' }>): string {
  const { context, goal } = input;
  const who = context.audience || `members of ${context.community || 'our community'}`;
  const parts = [
    `Write a ${context.tone || 'friendly'} message template for ${who}${context.community ? ` in ${context.community}` : ''} that will ${toContact(goal.trim().replace(/[.!]+$/, '')).replace(/^to\s+/i, '')}.`,
    'Greet them by first name, keep it under 80 words and end with a question that invites a reply.',
    context.offer ? `Where it fits, mention what we offer: ${clip(context.offer, 200)}.` : '',
    context.wordsToUse.length > 0 ? `Use these words: ${context.wordsToUse.join(', ')}.` : '',
    context.wordsToAvoid.length > 0 ? `Never use: ${context.wordsToAvoid.join(', ')}.` : '',
  ];
  return parts.filter(Boolean).join(' ');
}

function template(input: Extract<WriterInput, { call: 'generate-message-template' }>): string {
  const { context, style, prompt } = input;
  // The request is what the template says; a prompt from generate-message-template-prompt keeps
  // its first sentence's "that will …" as the point.
  const point = /that will ([^.]+)\./i.exec(prompt)?.[1] ?? prompt.split(/(?<=[.!?])\s/)[0]!;
  const request = point.replace(/^write (?:a |an )?[\w -]*?template (?:for [^,]+? )?(?:that |to )?/i, '');
  // A welcome says where to; anything else is the request said to the person.
  const welcome = /^welcome\b/i.test(request);
  const opening = welcome
    ? `Welcome to ${context.community ? clip(context.community, 120) : '{pipeline|the group}'}!`
    : requestAsSentence(request);
  const body = [
    `${greetingOf(style) ?? 'Hi'} {firstName|there},`,
    opening,
    context.offer ? `If it helps, we offer ${endSentence(clip(context.offer, 200))}` : '',
    welcome ? 'What are you hoping to get from it?' : 'What do you think?',
  ];
  let text = body.filter(Boolean).join('\n\n');
  if (avoidsExclamations(style)) text = text.replace(/!/g, '.');
  text = withoutAvoidedWords(text, context.wordsToAvoid);
  return `${text}\n\n${context.signature.trim() || '{senderName}'}`;
}

function compose(input: WriterInput): string {
  switch (input.call) {
    case 'next-best-message':
      return nextBestMessage(input);
    case 'new-message-from-prompt':
      return messageFromPrompt(input);
    case 'analyze-writing-style':
      return analyzeWritingStyle(input.messages);
    case 'new-message-final':
      return polish(input);
    case 'new-post-from-prompt':
      return post(input);
    case 'generate-message-template-prompt':
      return templatePrompt(input);
    case 'generate-message-template':
      return template(input);
  }
}

export function createOfflineWriter(): AiWriter {
  return {
    provider: 'offline',
    async write(input, { signal, onText }) {
      const text = compose(input);
      // Passed on a few words at a time, like a model's stream, so Stop works the same way.
      for (const piece of text.match(/\S+\s*|\s+/g) ?? []) {
        if (signal.aborted) throw new AiStoppedError();
        onText(piece);
        await new Promise((resolve) => setImmediate(resolve));
      }
      if (signal.aborted) throw new AiStoppedError();
      return { text, tokens: 0 };
    },
  };
}
