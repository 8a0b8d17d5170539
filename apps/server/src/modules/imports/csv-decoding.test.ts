import { describe, expect, it } from 'vitest';
import { createCsvDecoder, type CsvEncoding } from './csv-decoding';

const TEXT = 'Name,Email\r\nZoë Müller,zoe@example.test\r\nRenée 😀 Ñandú,renee@example.test\r\n';

const utf16be = (text: string) => {
  const bytes = Buffer.from(text, 'utf16le');
  for (let index = 0; index < bytes.length; index += 2)
    [bytes[index], bytes[index + 1]] = [bytes[index + 1]!, bytes[index]!];
  return bytes;
};

/** Windows-1252 bytes of text that only holds Latin-1 characters (the two agree on those). */
const windows1252 = (text: string) => Buffer.from(text, 'latin1');

/** Decodes bytes cut into pieces of `size`, as an upload arrives. */
function decode(bytes: Uint8Array, size = bytes.length) {
  const decoder = createCsvDecoder();
  let text = '';
  for (let start = 0; start < bytes.length; start += size)
    text += decoder.push(bytes.subarray(start, start + size));
  text += decoder.end();
  return { text, encoding: decoder.encoding, notices: decoder.notices() };
}

describe('CSV upload decoding', () => {
  const latin = 'Name,Email\r\nZoë Müller,zoe@example.test\r\nRenée Ñandú,renee@example.test\r\n';
  const cases: [string, Buffer, string, CsvEncoding][] = [
    ['UTF-8', Buffer.from(TEXT), TEXT, 'utf-8'],
    [
      'UTF-8 with a byte-order mark',
      Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(TEXT)]),
      TEXT,
      'utf-8',
    ],
    [
      'UTF-16 LE with a byte-order mark',
      Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(TEXT, 'utf16le')]),
      TEXT,
      'utf-16le',
    ],
    [
      'UTF-16 BE with a byte-order mark',
      Buffer.concat([Buffer.from([0xfe, 0xff]), utf16be(TEXT)]),
      TEXT,
      'utf-16be',
    ],
    ['UTF-16 LE without a byte-order mark', Buffer.from(TEXT, 'utf16le'), TEXT, 'utf-16le'],
    ['UTF-16 BE without a byte-order mark', utf16be(TEXT), TEXT, 'utf-16be'],
    ['Windows-1252', windows1252(latin), latin, 'windows-1252'],
    [
      'Windows-1252 with its own characters',
      Buffer.from([0x80, 0x20, 0x93, 0x71, 0x94, 0x0a]),
      '€ “q”\n',
      'windows-1252',
    ],
  ];

  it.each(cases)('reads %s, whole or cut into pieces of any size', (_name, bytes, text, encoding) => {
    for (const size of [1, 2, 3, 5, 7, 64, 511, 512, 513, bytes.length]) {
      expect(decode(bytes, size)).toMatchObject({ text, encoding });
    }
  });

  it('says when it read the file as Windows-1252, and says nothing for UTF-8 or UTF-16', () => {
    expect(decode(windows1252('Name\nRenée\n')).notices).toEqual([
      'The file is not UTF-8, so it was read as Windows-1252 (Western European), the encoding Excel on Windows saves CSV in. If letters look wrong in the preview, save the file in Excel as "CSV UTF-8 (Comma delimited)" and upload it again.',
    ]);
    for (const [, bytes] of cases.slice(0, 6)) expect(decode(bytes).notices).toEqual([]);
  });

  it('decides on Windows-1252 at the first non-ASCII byte however far into the file', () => {
    const ascii = 'Name\n' + 'Ann\n'.repeat(300_000);
    const bytes = Buffer.concat([Buffer.from(ascii), windows1252('Renée\n')]);
    expect(decode(bytes, 65_536)).toMatchObject({ text: `${ascii}Renée\n`, encoding: 'windows-1252' });
  });

  it('refuses a file that is UTF-8 first and another encoding later, saying so', () => {
    const bytes = Buffer.concat([
      Buffer.from('Name\nZoë\n'),
      Buffer.from('x'.repeat(2000)),
      windows1252('Renée\n'),
    ]);
    for (const size of [1000, bytes.length])
      expect(() => decode(bytes, size)).toThrow(/^The file mixes text encodings/);
  });

  it('removes NUL characters and says how many', () => {
    expect(decode(Buffer.from('Name,Email\nA\0nn,ann@example.test\0\n'))).toMatchObject({
      text: 'Name,Email\nAnn,ann@example.test\n',
      notices: ['The file held 2 NUL characters, which no spreadsheet means in a cell; they were removed.'],
    });
  });

  it('reads a lone surrogate in UTF-16 and a cut-off last character as a replacement character', () => {
    const lone = Buffer.concat([
      Buffer.from([0xff, 0xfe]),
      Buffer.from('Name\nA', 'utf16le'),
      Buffer.from([0x00, 0xd8]),
      Buffer.from('b\n', 'utf16le'),
    ]);
    expect(decode(lone, 3).text).toBe('Name\nA\ufffdb\n');
    const cut = Buffer.concat([
      Buffer.from([0xef, 0xbb, 0xbf]),
      Buffer.from('Name\nZoë\n'),
      Buffer.from('😀').subarray(0, 2),
    ]);
    expect(decode(cut, 4)).toMatchObject({ text: 'Name\nZoë\n\ufffd', encoding: 'utf-8' });
  });

  it.each([
    [
      'an .xlsx workbook',
      [0x50, 0x4b, 0x03, 0x04, 0x14, 0x00],
      /^This is a spreadsheet workbook \(such as \.xlsx\)/,
    ],
    ['an .xls workbook', [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1], /^This is an Excel 97-2003 workbook/],
  ])('refuses %s with how to save it as CSV', (_name, bytes, message) => {
    expect(() => decode(Buffer.from(bytes))).toThrow(message);
  });
});
