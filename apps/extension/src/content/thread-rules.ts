import { isSameMessageText } from '@grouptrack/capture';
import type { ThreadMessage } from '@grouptrack/capture';

/** How many of the viewer's last messages a send whose earlier lease ran out looks through. */
export const RECENT_MINE_TO_CHECK = 5;

/**
 * Whether the text is already in the thread, so sending it would make a duplicate. A send whose
 * earlier lease ran out while sending (checkThreadFirst) looks through the viewer's last few
 * messages; any other send only refuses when the thread's very last message is this text of theirs,
 * so the same words sent weeks ago do not stop today's.
 */
export function isAlreadySent({
  messages,
  text,
  checkThreadFirst,
}: {
  messages: readonly ThreadMessage[];
  text: string;
  checkThreadFirst: boolean;
}): boolean {
  if (checkThreadFirst) {
    return messages
      .filter((message) => message.isMine)
      .slice(-RECENT_MINE_TO_CHECK)
      .some((message) => isSameMessageText(message.text, text));
  }
  const last = messages.at(-1);
  return last !== undefined && last.isMine && isSameMessageText(last.text, text);
}

/** Whether the thread now shows the text as the viewer's more often than before Send was clicked. */
export function isNewlySent({
  before,
  after,
  text,
}: {
  before: readonly ThreadMessage[];
  after: readonly ThreadMessage[];
  text: string;
}): boolean {
  const count = (messages: readonly ThreadMessage[]) =>
    messages.filter((message) => message.isMine && isSameMessageText(message.text, text)).length;
  return count(after) > count(before);
}

/** What a thread gained since it was last read: how many messages of the other party, and the viewer's texts. */
export interface ThreadChange {
  theirs: number;
  mine: string[];
}

/**
 * The messages added at the end of a thread since `before` was read: those after the last message
 * `before` had. Null when that message is no longer found (the thread was redrawn or scrolled to
 * older messages), so nothing is taken for new.
 */
export function readThreadChange(
  before: readonly ThreadMessage[],
  after: readonly ThreadMessage[],
): ThreadChange | null {
  let added: readonly ThreadMessage[];
  const last = before.at(-1);
  if (last === undefined) {
    added = after;
  } else {
    const index = findLastIndex(
      after,
      (message) => message.isMine === last.isMine && isSameMessageText(message.text, last.text),
    );
    if (index === -1) return null;
    added = after.slice(index + 1);
  }
  return {
    theirs: added.filter((message) => !message.isMine).length,
    mine: added.filter((message) => message.isMine).map((message) => message.text),
  };
}

function findLastIndex<T>(items: readonly T[], test: (item: T) => boolean): number {
  for (let index = items.length - 1; index >= 0; index--) if (test(items[index]!)) return index;
  return -1;
}
