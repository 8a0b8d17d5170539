import { describe, expect, it } from 'vitest';
import {
  createCsvParser,
  formatCsvField,
  formatCsvRow,
  neutraliseFormula,
  parseCsv,
  restoreFormula,
} from './csv';

describe('CSV', () => {
  it.each([
    ['plain', 'plain'],
    ['a,b', '"a,b"'],
    ['say "hi"', '"say ""hi"""'],
    ['two\nlines', '"two\nlines"'],
    [null, ''],
    [12.5, '12.5'],
  ])('writes %j as %j', (value, expected) => {
    expect(formatCsvField(value)).toBe(expected);
  });

  it('reads back exactly what it writes, whatever the fields hold', () => {
    const rows = [
      ['GTID', 'Name', 'Notes'],
      ['a-b-1', 'Zoë "Z" Müller', 'line one\r\nline two, with comma'],
      ['', '', '""'],
    ];
    expect(parseCsv(rows.map(formatCsvRow).join(''))).toEqual(rows);
  });

  it('parses a file split into chunks anywhere, even inside a quoted field', () => {
    const text = formatCsvRow(['x', 'a "quoted, field"\nnext']) + formatCsvRow(['y', 'z']);
    for (let size = 1; size <= text.length; size += 3) {
      const rows: string[][] = [];
      const parser = createCsvParser((row) => rows.push(row));
      for (let start = 0; start < text.length; start += size) parser.push(text.slice(start, start + size));
      parser.end();
      expect(rows).toEqual([
        ['x', 'a "quoted, field"\nnext'],
        ['y', 'z'],
      ]);
    }
  });

  it('skips blank lines and keeps a last row without a line break', () => {
    expect(parseCsv('a,b\n\nc,d')).toEqual([
      ['a', 'b'],
      ['c', 'd'],
    ]);
  });
});

describe('formula neutralising (OWASP CSV injection)', () => {
  it.each([
    ['=HYPERLINK("http://evil.test","Click")', '"\'=HYPERLINK(""http://evil.test"",""Click"")"'],
    ['+15551234567', '"\'+15551234567"'],
    ['-2+3', '"\'-2+3"'],
    ['@SUM(A1:A9)', '"\'@SUM(A1:A9)"'],
    ['\tindented', '"\'\tindented"'],
    ['\rcmd', '"\'\rcmd"'],
    ['a=b', 'a=b'],
    ["'quoted'", "'quoted'"],
    ["'=typed with a quote", '"\'\'=typed with a quote"'],
    ['', ''],
    [-4, '"\'-4"'],
  ])('writes %j as %j', (value, expected) => {
    expect(formatCsvField(value)).toBe(expected);
  });

  it.each([
    ["'=1+2", '=1+2'],
    ["'+15551234567", '+15551234567'],
    ["'-x", '-x'],
    ["'@home", '@home'],
    ["'\tx", '\tx'],
    ["'\rx", '\rx'],
    ["''=1", "'=1"],
    ["'quoted'", "'quoted'"],
    ["it's", "it's"],
    ['=1+2', '=1+2'],
  ])('reads %j back as %j', (cell, expected) => {
    expect(restoreFormula(cell)).toBe(expected);
  });

  it('reads back every neutralised cell exactly as it was', () => {
    const row = ['=1+2', '+15551234567', '-', '@x', '\tx', '\rx', "'=already quoted", 'plain'];
    const [parsed] = parseCsv(formatCsvRow(row));
    expect(parsed!.map(restoreFormula)).toEqual(row);
    expect(row.map((cell) => restoreFormula(neutraliseFormula(cell)))).toEqual(row);
  });
});
