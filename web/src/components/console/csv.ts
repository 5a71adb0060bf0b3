import { downloadBlob } from '../../api/download-file.ts';

/** One CSV column: its header and how a row gives its cell. */
export interface CsvColumn<T> {
  header: string;
  value(row: T): string | number | boolean | null | undefined;
}

/**
 * A spreadsheet could run a cell starting with = + - @ (or a tab / return) as a formula: such a
 * text cell is written with a leading apostrophe. Numbers are written as numbers.
 */
function cell(value: string | number | boolean | null | undefined): string {
  if (value === null || value === undefined) return '';
  if (typeof value !== 'string') return String(value);
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\n\r]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** Rows as CSV text (RFC 4180, CRLF line ends, a BOM so spreadsheet apps read UTF-8). */
export function toCsv<T>(rows: readonly T[], columns: readonly CsvColumn<T>[]): string {
  const lines = [columns.map((c) => cell(c.header)).join(','), ...rows.map((row) => columns.map((c) => cell(c.value(row))).join(','))];
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}

/** Saves rows as a CSV file through the browser's download. */
export function downloadCsv<T>(fileName: string, rows: readonly T[], columns: readonly CsvColumn<T>[]): void {
  downloadBlob(new Blob([toCsv(rows, columns)], { type: 'text/csv;charset=utf-8' }), fileName.endsWith('.csv') ? fileName : `${fileName}.csv`);
}
