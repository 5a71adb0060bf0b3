import { createRequire } from 'node:module';
import { extensionOf } from '@parley/core';
import { assertZipUnpacksWithin } from './zip-unpacked-size.ts';

/** word-extractor (CommonJS, no published types): the one call that reads a Word 97–2003 document. */
const WordExtractor = createRequire(import.meta.url)('word-extractor') as new () => {
  extract(source: Buffer): Promise<{ getBody(): string }>;
};

/** At most this much of a document's text is kept; a model's budget is smaller still. */
const STORED_TEXT_MAX = 1_000_000;
/** An Office or OpenDocument file unpacking to more than this is refused before its reader sees it. */
const UNPACKED_MAX = 64 * 1024 * 1024;

export interface ExtractedText {
  text: string;
  truncated: boolean;
}

const officeFormats = new Set(['pdf', 'docx', 'pptx', 'xlsx', 'odt', 'ods', 'odp', 'rtf']);
const zipFormats = new Set(['docx', 'pptx', 'xlsx', 'odt', 'ods', 'odp']);

const entities: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

/** The readable text of an HTML page: scripts, styles and tags dropped, common entities decoded. */
function htmlText(html: string): string {
  return html
    .replace(/<(script|style|noscript)\b[\s\S]*?<\/\1\s*>/gi, ' ')
    .replace(/<br\s*\/?>|<\/(p|div|li|tr|h[1-6])>/gi, '\n')
    .replace(/<[^>]*>/g, ' ')
    .replace(/&(#\d+|#x[0-9a-f]+|[a-z]+);/gi, (whole, name: string) => {
      if (name.startsWith('#x') || name.startsWith('#X')) return String.fromCodePoint(parseInt(name.slice(2), 16));
      if (name.startsWith('#')) return String.fromCodePoint(Number(name.slice(1)));
      return entities[name.toLowerCase()] ?? whole;
    })
    .replace(/[ \t]+/g, ' ')
    .replace(/\n\s*\n+/g, '\n\n')
    .trim();
}

async function rawText(extension: string, data: Buffer): Promise<string | undefined> {
  if (zipFormats.has(extension)) await assertZipUnpacksWithin(data, UNPACKED_MAX);
  if (officeFormats.has(extension)) {
    // The Office reader is loaded on the first such file, not at start.
    const { parseOffice } = await import('officeparser');
    return (await parseOffice(data)).toText();
  }
  if (extension === 'doc') return (await new WordExtractor().extract(data)).getBody();
  // Excel 97–2003 and PowerPoint 97–2003 have no well-kept reader: the file is kept, without text.
  if (extension === 'xls' || extension === 'ppt') return undefined;
  const text = data.toString('utf8');
  return extension === 'html' ? htmlText(text) : text;
}

/**
 * A document's text, read once at upload so every later message reuses it. It runs in a thread
 * of the worker pool (see pooled-readers.ts), never on the event loop. Undefined when the
 * format has no reader here; a reader's failure, or a zip that unpacks past 64 MB (a
 * `size` WorkLimitError), is thrown for the caller. Text past a million characters is cut here,
 * so no more than that crosses back to the server.
 */
export async function extractText({ name, data }: { name: string; data: Uint8Array }): Promise<ExtractedText | undefined> {
  const text = await rawText(extensionOf(name), Buffer.from(data.buffer, data.byteOffset, data.byteLength));
  if (text === undefined) return undefined;
  const clean = text.replaceAll('\u0000', '').trim();
  return clean.length > STORED_TEXT_MAX ? { text: clean.slice(0, STORED_TEXT_MAX), truncated: true } : { text: clean, truncated: false };
}
