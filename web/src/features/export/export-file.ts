import { endpointDisplayNames, resolveEndpoint, type Conversation, type Message } from '@parley/core';
import { exportCsv } from './export-csv.ts';
import { exportJson } from './export-json.ts';
import type { ExportSource } from './export-source.ts';
import { exportMarkdown, exportText } from './export-text.ts';
import { exportExtensions, exportSupport, type ExportSettings } from './export-types.ts';
import { sanitizeFilename } from './filename.ts';

export interface ExportData {
  conversation: Conversation;
  /** Every message of the conversation, oldest first. */
  all: readonly Message[];
  /** The branch on screen, root first. */
  branch: readonly Message[];
}

export interface ExportContext {
  /** Formats the export date under a screenshot's title in the interface language. */
  formatDate(date: Date): string;
  /** Shown for a reply without a sender name. */
  fallbackSender: string;
  /** The readable text of an error-flagged reply, whose stored text is a JSON error body. */
  errorText(raw: string): string;
  now?: Date;
}

const mime = { txt: 'text/plain', md: 'text/markdown', json: 'application/json', csv: 'text/csv' } as const;
const textBlob = (text: string, type: string) => new Blob([text], { type: `${type};charset=utf-8` });

function screenshotSubtitle(conversation: Conversation, date: string): string {
  const endpoint = resolveEndpoint(conversation.endpoint);
  return [endpoint ? endpointDisplayNames[endpoint] : conversation.endpoint, conversation.model, date].filter(Boolean).join(' · ');
}

/** Builds the file the settings ask for: its content and its sanitised name with the type's extension. */
export async function buildExportFile(settings: ExportSettings, data: ExportData, context: ExportContext): Promise<{ blob: Blob; filename: string }> {
  const support = exportSupport(settings.type);
  const branches = support.branches && settings.branches;
  const includeOptions = support.includeOptions && settings.includeOptions;
  const source: ExportSource = { conversation: data.conversation, messages: branches ? data.all : data.branch, exportedAt: context.now ?? new Date() };
  const filename = `${sanitizeFilename(settings.filename)}.${exportExtensions[settings.type]}`;

  switch (settings.type) {
    case 'screenshot': {
      const messages = source.messages.map((m) => ({
        sender: m.sender || context.fallbackSender,
        text: m.error ? context.errorText(m.text) : m.text,
        isUser: m.isCreatedByUser,
        error: m.error,
        endpoint: m.endpoint ?? null,
        files: m.files,
      }));
      const subtitle = screenshotSubtitle(data.conversation, context.formatDate(source.exportedAt));
      // Loaded on demand: the picture library stays out of the chat page's first load.
      const { renderThreadPng } = await import('./screenshot/render-png.tsx');
      return { blob: await renderThreadPng({ title: data.conversation.title, subtitle, messages }), filename };
    }
    case 'text':
      return { blob: textBlob(exportText(source, includeOptions), mime.txt), filename };
    case 'markdown':
      return { blob: textBlob(exportMarkdown(source, includeOptions), mime.md), filename };
    case 'json':
      return { blob: textBlob(exportJson(source, { includeOptions, branches, recursive: settings.recursive }), mime.json), filename };
    case 'csv':
      return { blob: textBlob(exportCsv(source.messages), mime.csv), filename };
  }
}
