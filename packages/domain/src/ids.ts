import { CONTACT_ID_ADJECTIVES, CONTACT_ID_ANIMALS } from './contact-id-words';
import { hashFnv1a32 } from './hash';

/** Alphabet of push ids, in ASCII order so that ids sort by time. */
export const PUSH_ID_ALPHABET = '-0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ_abcdefghijklmnopqrstuvwxyz';

/** Length of a push id without its prefix. */
export const PUSH_ID_LENGTH = 20;

const TIME_CHARS = 8;
const RANDOM_CHARS = PUSH_ID_LENGTH - TIME_CHARS;
const LAST_DIGIT = PUSH_ID_ALPHABET.length - 1;
const PUSH_ID_PATTERN = /[-0-9A-Za-z_]{20}$/;
const CONTACT_ID_PATTERN = /^[a-z]+-[a-z]+-\d{1,16}$/;

/** Fills a byte array with random values, like crypto.getRandomValues. */
export type FillRandomBytes = (bytes: Uint8Array) => Uint8Array;

/** Makes a push id generator with its own state; ids made in the same millisecond sort in creation order. */
export function createPushIdGenerator(
  fillRandomBytes: FillRandomBytes = fillWithCryptoRandom,
): (prefix?: string, now?: number) => string {
  let lastTime = -1;
  let lastDigits: number[] = [];
  return (prefix = '', now = Date.now()) => {
    if (now !== lastTime) {
      lastDigits = [...fillRandomBytes(new Uint8Array(RANDOM_CHARS))].map((byte) => byte & LAST_DIGIT);
    } else if (!incrementDigits(lastDigits)) {
      // Reachable only when the random part starts a few ids below its maximum; failing beats an id out of order.
      throw new RangeError('Ran out of push ids for this millisecond');
    }
    lastTime = now;
    return prefix + encodeTime(now) + lastDigits.map((digit) => PUSH_ID_ALPHABET.charAt(digit)).join('');
  };
}

/** Creates a Firebase-style push id: 8 time characters, 12 random ones, after an optional prefix such as 'act_'. */
export const createPushId: (prefix?: string, now?: number) => string = createPushIdGenerator();

/** Checks whether a value ends with a well-formed 20-character push id, after any prefix. */
export function isPushId(value: unknown): value is string {
  return typeof value === 'string' && PUSH_ID_PATTERN.test(value);
}

/** Decodes the creation time (unix ms) of a push id, with or without prefix; throws on a malformed id. */
export function decodePushIdTime(id: string): number {
  if (!isPushId(id)) {
    throw new RangeError(`Not a push id: ${JSON.stringify(id)}`);
  }
  let time = 0;
  for (const char of id.slice(-PUSH_ID_LENGTH, -RANDOM_CHARS)) {
    time = time * PUSH_ID_ALPHABET.length + PUSH_ID_ALPHABET.indexOf(char);
  }
  return time;
}

/** Creates a contact id (GTID) such as 'brave-otter-1700000000000' from an adjective, an animal and unix ms. */
export function createContactId(now: number = Date.now(), random: () => number = Math.random): string {
  return `${pickWord(CONTACT_ID_ADJECTIVES, random)}-${pickWord(CONTACT_ID_ANIMALS, random)}-${Math.floor(now)}`;
}

/** Checks whether a value has the shape of a contact id: two lower-case words and a unix timestamp. */
export function isContactId(value: unknown): value is string {
  return typeof value === 'string' && CONTACT_ID_PATTERN.test(value);
}

/** Selects the 0-based shard of a team by a stable FNV-1a hash of its id; the result never changes. */
export function selectShard(teamUID: string, shardCount: number): number {
  if (!Number.isInteger(shardCount) || shardCount < 1) {
    throw new RangeError(`Expected a whole shard count of at least 1, got ${shardCount}`);
  }
  return hashFnv1a32(teamUID) % shardCount;
}

/** Formats a 0-based shard index as its name, 'S1' to 'Sn'. */
export function formatShardName(index: number): string {
  if (!Number.isInteger(index) || index < 0) {
    throw new RangeError(`Expected a shard index of at least 0, got ${index}`);
  }
  return `S${index + 1}`;
}

function encodeTime(time: number): string {
  let rest = Math.floor(time);
  let chars = '';
  for (let i = 0; i < TIME_CHARS; i += 1) {
    chars = PUSH_ID_ALPHABET.charAt(rest % PUSH_ID_ALPHABET.length) + chars;
    rest = Math.floor(rest / PUSH_ID_ALPHABET.length);
  }
  return chars;
}

// Adds one to the base-64 number the digits spell; false when it overflows.
function incrementDigits(digits: number[]): boolean {
  for (let i = digits.length - 1; i >= 0; i -= 1) {
    if (digits[i] !== LAST_DIGIT) {
      digits[i] = (digits[i] ?? 0) + 1;
      return true;
    }
    digits[i] = 0;
  }
  return false;
}

function pickWord(words: readonly string[], random: () => number): string {
  const index = Math.min(words.length - 1, Math.floor(random() * words.length));
  return words[index] ?? 'friendly';
}

function fillWithCryptoRandom(bytes: Uint8Array): Uint8Array {
  // Typed locally: this package's lib has no DOM or Node types, yet browsers and Node 20 both provide it.
  const { crypto } = globalThis as unknown as { crypto: { getRandomValues: FillRandomBytes } };
  return crypto.getRandomValues(bytes);
}
