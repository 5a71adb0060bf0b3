import type { Message } from '@parley/core';

const columns = ['sender', 'text', 'isCreatedByUser', 'error', 'unfinished', 'cancelled', 'messageId', 'parentMessageId', 'createdAt'] as const;

/**
 * RFC 4180: a field with a comma, a quote, a line break or edge spaces is quoted, quotes doubled.
 * A field a spreadsheet would run as a formula (starting with = + - @, a tab or a carriage
 * return) gets a leading apostrophe: message text can come from a prompt-injected model, and
 * `=HYPERLINK(…)` in a cell would otherwise leak data or run when the file is opened.
 */
export function csvField(value: unknown): string {
  const raw = value === null || value === undefined ? '' : String(value);
  const text = /^[=+\-@\t\r]/.test(raw) ? `'${raw}` : raw;
  return /[",\r\n]|^\s|\s$/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/**
 * The CSV export: a header row, then one row per message, CRLF line ends. It starts with a
 * byte-order mark so spreadsheet programs read Chinese and other non-Latin text as UTF-8.
 */
export function exportCsv(messages: readonly Message[]): string {
  const rows = [columns.join(','), ...messages.map((message) => columns.map((column) => csvField(message[column])).join(','))];
  return `\uFEFF${rows.join('\r\n')}\r\n`;
}
