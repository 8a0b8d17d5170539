import { TextDecoder } from 'node:util';
import { BadRequestError } from '../../platform/errors';

/** The encodings spreadsheets save CSV in, as the upload tells them apart. */
export type CsvEncoding = 'utf-8' | 'utf-16le' | 'utf-16be' | 'windows-1252';

/** Bytes held back until the encoding is decided: enough to see a byte-order mark or UTF-16's zeros. */
const SNIFF_BYTES = 512;

const SAVE_AS_UTF8 = 'In Excel choose File › Save As › "CSV UTF-8 (Comma delimited)", then upload that file.';

/** Files that are no text at all, told apart by their first bytes. */
const NOT_CSV: { magic: number[]; message: string }[] = [
  {
    magic: [0x50, 0x4b, 0x03, 0x04],
    message: `This is a spreadsheet workbook (such as .xlsx), not a CSV file. ${SAVE_AS_UTF8}`,
  },
  {
    magic: [0xd0, 0xcf, 0x11, 0xe0],
    message: `This is an Excel 97-2003 workbook (.xls), not a CSV file. ${SAVE_AS_UTF8}`,
  },
];

const startsWith = (bytes: Uint8Array, prefix: readonly number[]) =>
  prefix.every((byte, index) => bytes[index] === byte);

/**
 * The encoding the first bytes show, and how many bytes of byte-order mark to skip. Without a mark,
 * UTF-16 shows as a zero byte beside nearly every ASCII character; anything else starts as UTF-8
 * and is confirmed or given up as the text goes on (see `createCsvDecoder`).
 */
function sniff(head: Uint8Array): { encoding: CsvEncoding; skip: number } {
  if (startsWith(head, [0xef, 0xbb, 0xbf])) return { encoding: 'utf-8', skip: 3 };
  if (startsWith(head, [0xff, 0xfe])) return { encoding: 'utf-16le', skip: 2 };
  if (startsWith(head, [0xfe, 0xff])) return { encoding: 'utf-16be', skip: 2 };
  const pairs = Math.floor(Math.min(head.length, SNIFF_BYTES) / 2);
  let evenZeros = 0;
  let oddZeros = 0;
  for (let index = 0; index < pairs * 2; index += 2) {
    if (head[index] === 0) evenZeros += 1;
    if (head[index + 1] === 0) oddZeros += 1;
  }
  if (pairs >= 2 && oddZeros >= pairs * 0.4 && evenZeros <= pairs * 0.05)
    return { encoding: 'utf-16le', skip: 0 };
  if (pairs >= 2 && evenZeros >= pairs * 0.4 && oddZeros <= pairs * 0.05)
    return { encoding: 'utf-16be', skip: 0 };
  return { encoding: 'utf-8', skip: 0 };
}

/** How many bytes the UTF-8 character starting with this byte takes (1 for a byte no character starts with). */
const utf8Length = (lead: number) => (lead >= 0xf0 ? 4 : lead >= 0xe0 ? 3 : lead >= 0xc0 ? 2 : 1);

/** Where the last whole UTF-8 character ends: a character cut by the chunk's end waits for the next. */
function wholeCharactersEnd(bytes: Uint8Array): number {
  for (let index = bytes.length - 1; index >= Math.max(0, bytes.length - 4); index -= 1) {
    const byte = bytes[index]!;
    if ((byte & 0xc0) === 0x80) continue;
    return index + utf8Length(byte) > bytes.length ? index : bytes.length;
  }
  return bytes.length;
}

/** Whether the first non-ASCII character of these bytes is a whole, valid UTF-8 character. */
function startsAsUtf8(bytes: Uint8Array, strict: TextDecoder): boolean {
  const start = bytes.findIndex((byte) => byte >= 0x80);
  if (start < 0) return false;
  const end = start + utf8Length(bytes[start]!);
  if (end > bytes.length) return false;
  try {
    strict.decode(bytes.subarray(start, end));
    return true;
  } catch {
    return false;
  }
}

const concat = (a: Uint8Array, b: Uint8Array) => {
  if (a.length === 0) return b;
  const joined = new Uint8Array(a.length + b.length);
  joined.set(a);
  joined.set(b, a.length);
  return joined;
};

/**
 * Decodes an uploaded CSV as it streams in, chunk by chunk, whatever a spreadsheet saved it as:
 * UTF-8 (a byte-order mark is dropped), UTF-16 LE or BE (with a byte-order mark, or recognised by
 * its zero bytes), or, when the bytes are no valid UTF-8, Windows-1252, as Excel on Windows saves
 * "CSV (Comma delimited)". A character cut between two chunks survives.
 *
 * UTF-8 stays undecided while the text is plain ASCII, which both encodings read alike. The first
 * other character decides: valid UTF-8 makes the file UTF-8 for good (and bytes of another encoding
 * later on refuse the file, as it mixes encodings); invalid UTF-8 makes it Windows-1252.
 *
 * NUL characters are removed: PostgreSQL cannot store them, no spreadsheet means them in a cell,
 * and they only come from a file saved wrongly; `notices` says so.
 */
export function createCsvDecoder() {
  let encoding: CsvEncoding | null = null;
  let held: Uint8Array = new Uint8Array(0);
  let streaming: TextDecoder | null = null;
  const strictUtf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });
  let nonAscii = false;
  let nulsRemoved = 0;

  const clean = (text: string) => {
    if (!text.includes('\0')) return text;
    const parts = text.split('\0');
    nulsRemoved += parts.length - 1;
    return parts.join('');
  };

  const useStreaming = (name: CsvEncoding) => {
    encoding = name;
    streaming = new TextDecoder(name, { ignoreBOM: true });
  };

  /**
   * Always in stream mode, flushed at the end: Node 20 decodes a non-streamed windows-1252 call as
   * Latin-1, losing €, “ ” and the other characters of 0x80–0x9F.
   */
  const decodeStreaming = (bytes: Uint8Array, final: boolean) => {
    const text = streaming!.decode(bytes, { stream: true });
    return final ? text + streaming!.decode() : text;
  };

  /** Gives UTF-8 up for the held bytes: Windows-1252 if nothing but ASCII came before them. */
  const giveUpUtf8 = (final: boolean): string => {
    if (nonAscii)
      throw new BadRequestError(
        `The file mixes text encodings: it starts as UTF-8 but holds characters of another encoding further on. ${SAVE_AS_UTF8}`,
      );
    // Everything read so far was ASCII, which Windows-1252 reads the same way.
    useStreaming('windows-1252');
    const bytes = held;
    held = new Uint8Array(0);
    return decodeStreaming(bytes, final);
  };

  /** Decodes the held UTF-8 bytes up to the last whole character. */
  const decodeUtf8 = (final: boolean): string => {
    const end = wholeCharactersEnd(held);
    let text: string;
    try {
      text = strictUtf8.decode(held.subarray(0, end));
    } catch {
      // Bytes of another encoding in the same piece as the first UTF-8 character: still mixed.
      if (!nonAscii && startsAsUtf8(held, strictUtf8)) nonAscii = true;
      return giveUpUtf8(final);
    }
    if (!nonAscii && /[^\0-\x7f]/.test(text)) nonAscii = true;
    held = held.slice(end);
    if (final && held.length > 0) {
      if (!nonAscii) return text + giveUpUtf8(true);
      // A UTF-8 file cut off inside its last character.
      held = new Uint8Array(0);
      text += '\ufffd';
    }
    return text;
  };

  const decide = () => {
    const notCsv = NOT_CSV.find((kind) => startsWith(held, kind.magic));
    if (notCsv) throw new BadRequestError(notCsv.message);
    const { encoding: found, skip } = sniff(held);
    held = held.subarray(skip);
    if (found === 'utf-8') encoding = 'utf-8';
    else useStreaming(found);
  };

  const next = (final: boolean): string => {
    if (encoding === null) {
      if (held.length < SNIFF_BYTES && !final) return '';
      decide();
    }
    if (streaming) {
      const bytes = held;
      held = new Uint8Array(0);
      return decodeStreaming(bytes, final);
    }
    return decodeUtf8(final);
  };

  return {
    /** The text of the next chunk of bytes (possibly empty while the encoding is being decided). */
    push(bytes: Uint8Array): string {
      held = concat(held, bytes);
      return clean(next(false));
    },
    /** The rest of the text once the last bytes have come. */
    end(): string {
      return clean(next(true));
    },
    /** The encoding the file was read in (UTF-8 until something else shows). */
    get encoding(): CsvEncoding {
      return encoding ?? 'utf-8';
    },
    /** What the user should know of how the file was read. */
    notices(): string[] {
      return [
        ...(encoding === 'windows-1252'
          ? [
              'The file is not UTF-8, so it was read as Windows-1252 (Western European), the encoding Excel on Windows saves CSV in. If letters look wrong in the preview, save the file in Excel as "CSV UTF-8 (Comma delimited)" and upload it again.',
            ]
          : []),
        ...(nulsRemoved > 0
          ? [
              `The file held ${nulsRemoved === 1 ? 'a NUL character' : `${nulsRemoved} NUL characters`}, which no spreadsheet means in a cell; ${nulsRemoved === 1 ? 'it was' : 'they were'} removed.`,
            ]
          : []),
      ];
    },
  };
}
