/**
 * CSV as RFC 4180 writes it: fields separated by commas, quoted when they hold a comma, a quote or
 * a line break, quotes doubled inside quotes. The parser takes text in chunks, so a file streams.
 */

/** One CSV field, quoted only when it must be. */
export function formatCsvField(value: string | number | null | undefined): string {
  const text = value === null || value === undefined ? '' : String(value);
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
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
