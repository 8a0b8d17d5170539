import { formatCsvRow } from '@grouptrack/domain';

/** A column of a chart's table: the row field it shows and its heading. */
export interface TableColumn {
  key: string;
  label: string;
}

export type TableRow = Record<string, string | number | null>;

/** The table behind a chart as CSV: a heading row, then one line per row, cells as shown. */
export function formatTableCsv(columns: readonly TableColumn[], rows: readonly TableRow[]): string {
  return [
    formatCsvRow(columns.map((column) => column.label)),
    ...rows.map((row) => formatCsvRow(columns.map((column) => row[column.key] ?? ''))),
  ].join('');
}

/** Saves text as a CSV file through the browser's download. */
export function downloadCsv(fileName: string, text: string) {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** A time in stage as a person reads it: minutes, hours or days. */
export function formatDuration(seconds: number | null): string {
  if (seconds === null) return '–';
  if (seconds < 3_600) return `${Math.max(1, Math.round(seconds / 60))} min`;
  if (seconds < 86_400) return `${(seconds / 3_600).toFixed(1)} h`;
  return `${(seconds / 86_400).toFixed(1)} d`;
}

/** A share as a percentage, or a dash when there is none. */
export function formatShare(value: number | null): string {
  return value === null ? '–' : `${Math.round(value * 100)}%`;
}
