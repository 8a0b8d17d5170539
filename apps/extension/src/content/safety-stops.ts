import { readConversation } from '@grouptrack/capture';
import type { SelectorPack, ThreadMessage } from '@grouptrack/capture';
import type { ConversationStopAnswer, ConversationStopRequest } from '../shared/worker-messages';
import { readThreadChange } from './thread-rules';

export interface SafetyStopDeps {
  pack: SelectorPack;
  doc: Document;
  ask: (request: ConversationStopRequest) => Promise<ConversationStopAnswer | null>;
}

/**
 * Watches the conversation open on the page for the two safety stops of the message queue: a new
 * message of the other party (they replied) and a new message of the viewer's that the queue did
 * not send (the user wrote by hand). Either is told to the worker, which cancels the person's
 * waiting messages; each once per conversation opened. Messages already there when the
 * conversation opened, or loaded above as the user scrolls back, are no change.
 */
export function createSafetyStops({ pack, doc, ask }: SafetyStopDeps) {
  let address: string | null = null;
  let baseline: ThreadMessage[] = [];
  const told = new Set<ConversationStopRequest['reason']>();

  const tell = (reason: ConversationStopRequest['reason'], profileUrls: string[], texts: string[]): void => {
    told.add(reason);
    const forAddress = address;
    void ask({ kind: 'conversation_stop', platform: pack.platform, profileUrls, reason, texts }).then(
      (answer) => {
        // Texts the queue sent are no hand's; an unanswered call may be told again at the next change.
        if (forAddress === address && answer?.stopped !== true) told.delete(reason);
      },
    );
  };

  return {
    /** Reads the thread again: called when the page opens a conversation and whenever it changes. */
    check(url: string): void {
      const reading = readConversation(doc, url, pack);
      if (!reading.isConversation || pack.conversation === undefined) {
        address = null;
        return;
      }
      if (url !== address) {
        address = url;
        baseline = reading.messages;
        told.clear();
        return;
      }
      // The thread draws its messages after the page: until it has, there is nothing to compare with.
      if (baseline.length === 0) {
        baseline = reading.messages;
        return;
      }
      const change = readThreadChange(baseline, reading.messages);
      baseline = reading.messages;
      if (change === null) return;
      const profileUrls = profileAddresses(pack, reading.otherParty);
      if (profileUrls.length === 0) return;
      if (change.theirs > 0 && !told.has('replied')) tell('replied', profileUrls, []);
      if (change.mine.length > 0 && !told.has('wrote-by-hand'))
        tell('wrote-by-hand', profileUrls, change.mine);
    },
  };
}

/** The other party's profile addresses, by id first, as the pack builds them. */
export function profileAddresses(
  pack: SelectorPack,
  { profileId, username }: { profileId: string | null; username: string | null },
): string[] {
  const { byProfileId, byUsername } = pack.profileUrl;
  return [
    profileId !== null && byProfileId !== undefined
      ? byProfileId.replace('{profileId}', encodeURIComponent(profileId))
      : null,
    username !== null && byUsername !== undefined
      ? byUsername.replace('{username}', encodeURIComponent(username))
      : null,
  ].filter((url): url is string => url !== null);
}
