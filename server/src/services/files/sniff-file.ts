import { extensionOf, fileKindOf, imageMimeTypes, type FileKind } from '@parley/core';
import { fileTypeFromBuffer } from 'file-type';

export interface SniffedFile {
  kind: FileKind;
  /** The media type the bytes prove, for binary formats, or the text type the name gives a text file. */
  mimeType: string;
}

/** Binary formats: what the bytes must be for each extension. */
const binaryTypes: Record<string, readonly string[]> = {
  pdf: ['application/pdf'],
  docx: ['application/vnd.openxmlformats-officedocument.wordprocessingml.document'],
  pptx: ['application/vnd.openxmlformats-officedocument.presentationml.presentation'],
  xlsx: ['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
  odt: ['application/vnd.oasis.opendocument.text'],
  ods: ['application/vnd.oasis.opendocument.spreadsheet'],
  odp: ['application/vnd.oasis.opendocument.presentation'],
  // Word 97–2003, Excel and PowerPoint files are OLE compound files; file-type names the container.
  doc: ['application/x-cfb'],
  xls: ['application/x-cfb'],
  ppt: ['application/x-cfb'],
  rtf: ['application/rtf'],
};

/** Text formats: served as these types; their bytes must be UTF-8 text with no NUL. */
const textTypes: Record<string, string> = {
  html: 'text/html',
  json: 'application/json',
  xml: 'application/xml',
  csv: 'text/csv',
  md: 'text/markdown',
  tex: 'application/x-tex',
  latex: 'application/x-latex',
  js: 'text/javascript',
};

/** Legacy Office names for the OLE container, so the download opens in the right program. */
const legacyOfficeTypes: Record<string, string> = { doc: 'application/msword', xls: 'application/vnd.ms-excel', ppt: 'application/vnd.ms-powerpoint' };

function isUtf8Text(data: Buffer): boolean {
  if (data.includes(0)) return false;
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(data);
    return true;
  } catch {
    return false;
  }
}

/**
 * What an upload really is, judged from its bytes: the name only says which check applies.
 * A picture must be a JPEG, PNG, GIF or WebP whatever its extension says; a document must be
 * the format its extension names; a text file must be UTF-8 text. Anything else (a `.png`
 * that is a zip, an executable renamed `.txt`) is undefined: 'Invalid file for upload'.
 */
export async function sniffFile(name: string, data: Buffer): Promise<SniffedFile | undefined> {
  const kind = fileKindOf(name);
  if (!kind || data.length === 0) return undefined;
  const sniffed = await fileTypeFromBuffer(data);
  if (kind === 'image') {
    return sniffed && (imageMimeTypes as readonly string[]).includes(sniffed.mime) ? { kind, mimeType: sniffed.mime } : undefined;
  }
  const extension = extensionOf(name);
  const binary = binaryTypes[extension];
  if (binary) {
    if (!sniffed || !binary.includes(sniffed.mime)) return undefined;
    return { kind, mimeType: legacyOfficeTypes[extension] ?? sniffed.mime };
  }
  // A text file has no signature; one that has one (xml aside) is something else under a text name.
  if (sniffed && !(extension === 'xml' && sniffed.mime === 'application/xml')) return undefined;
  if (!isUtf8Text(data)) return undefined;
  return { kind, mimeType: textTypes[extension] ?? 'text/plain' };
}
