import type { Message } from '@parley/core';

const columns = ['sender', 'text', 'isCreatedByUser', 'error', 'unfinished', 'cancelled', 'messageId', 'parentMessageId', 'createdAt'] as const;

/** RFC 4180: a field with a comma, a quote, a line break or edge spaces is quoted, quotes doubled. */
export function csvField(value: unknown): string {
  const text = value === null || value === undefined ? '' : String(value);
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
