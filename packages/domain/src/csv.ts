/**
 * CSV as RFC 4180 writes it: fields separated by commas, quoted when they hold a comma, a quote or
 * a line break, quotes doubled inside quotes. The parser takes text in chunks, so a file streams.
 */

/** A cell a spreadsheet would run as a formula (or as DDE) when it begins with one of these. */
const FORMULA_START = /^'*[=+\-@\t\r]/;

/**
 * OWASP's rule against CSV injection: a cell beginning with `=`, `+`, `-`, `@`, a tab or a carriage
 * return gets a leading single quote, so Excel, LibreOffice and Google Sheets show it as text instead
 * of running it. Every CSV the app writes goes through here (by way of `formatCsvField`). A cell that
 * already begins with quotes before such a character gets one more, so it too reads back unchanged.
 */
export function neutraliseFormula(text: string): string {
  return FORMULA_START.test(text) ? `'${text}` : text;
}

/**
 * The inverse, for reading a CSV back: exactly one leading quote is removed, and only when a
 * formula character follows it (after any further quotes), so `'+15551234567` reads as
 * `+15551234567` while `'quoted'` and `it's` stay as they are.
 */
export function restoreFormula(text: string): string {
  return text.startsWith("'") && FORMULA_START.test(text) ? text.slice(1) : text;
}

/**
 * One CSV field, quoted when it must be. A neutralised cell is always quoted, as OWASP advises, so
 * the quote and the text after it stay one field whatever the reader.
 */
export function formatCsvField(value: string | number | null | undefined): string {
  const raw = value === null || value === undefined ? '' : String(value);
  const text = neutraliseFormula(raw);
  return text !== raw || /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** One CSV line, ending in CRLF. */
export function formatCsvRow(values: readonly (string | number | null | undefined)[]): string {
  return `${values.map(formatCsvField).join(',')}\r\n`;
}

/** A streaming CSV parser: push text chunks, receive complete rows; `end` flushes the last row. */
export function createCsvParser(onRow: (row: string[]) => void) {
  let field = '';
  let row: string[] = [];
  let inQuotes = false;
  let quoteSeen = false;
  let fieldStarted = false;

  const endField = () => {
    row.push(field);
    field = '';
    fieldStarted = false;
    quoteSeen = false;
  };
  const endRow = () => {
    endField();
    // A blank line is no row.
    if (!(row.length === 1 && row[0] === '')) onRow(row);
    row = [];
  };

  return {
    push(chunk: string) {
      for (const char of chunk) {
        if (inQuotes) {
          if (char === '"') {
            inQuotes = false;
            quoteSeen = true;
          } else field += char;
          continue;
        }
        if (char === '"') {
          // A doubled quote inside a quoted field is one quote.
          if (quoteSeen) field += '"';
          else if (fieldStarted) field += '"';
          inQuotes = true;
          fieldStarted = true;
          quoteSeen = false;
          continue;
        }
        quoteSeen = false;
        if (char === ',') endField();
        else if (char === '\n') endRow();
        else if (char === '\r') continue;
        else {
          field += char;
          fieldStarted = true;
        }
      }
    },
    end() {
      if (fieldStarted || row.length > 0) endRow();
    },
  };
}

/** Parses a whole CSV text (for small files and tests). */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  const parser = createCsvParser((row) => rows.push(row));
  parser.push(text);
  parser.end();
  return rows;
}
