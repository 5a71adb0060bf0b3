import { readFileSync } from 'node:fs';
import { channelFileSchema, type ChannelEntry } from '@parley/core';
import { isNode, LineCounter, parseDocument, type Document } from 'yaml';

/** A channels file that cannot be used: the message names the file and each bad line. */
export class ChannelFileError extends Error {}

/** Far beyond any real list of upstream accounts; a bigger file is a mistake. */
const FILE_MAX_BYTES = 4 * 1024 * 1024;

/** The line of the deepest node of `path` the document has (a missing key points at its parent). */
function lineOf(doc: Document, counter: LineCounter, path: readonly PropertyKey[]): number | undefined {
  for (let depth = path.length; depth >= 0; depth--) {
    const node = doc.getIn(path.slice(0, depth) as (string | number)[], true);
    if (isNode(node) && node.range) return counter.linePos(node.range[0]).line;
  }
  return undefined;
}

/**
 * Reads `CHANNELS_FILE` text, YAML or JSON (JSON is read as the YAML it also is, so both get
 * line numbers): every syntax error and every field the contract refuses is listed with its line.
 */
export function parseChannelFile(text: string, file: string): ChannelEntry[] {
  const counter = new LineCounter();
  const doc = parseDocument(text, { lineCounter: counter, prettyErrors: false, uniqueKeys: true });
  if (doc.errors.length > 0) {
    const lines = doc.errors.map((e) => `  line ${counter.linePos(e.pos[0]).line}: ${e.message.split('\n')[0]}`);
    throw new ChannelFileError(`CHANNELS_FILE ${file} is not valid YAML or JSON:\n${lines.join('\n')}`);
  }
  const parsed = channelFileSchema.safeParse(doc.toJS({ maxAliasCount: 100 }));
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => {
      const line = lineOf(doc, counter, issue.path);
      const where = issue.path.length > 0 ? ` (${issue.path.join('.')})` : '';
      return `  ${line === undefined ? 'file' : `line ${line}`}${where}: ${issue.message}`;
    });
    throw new ChannelFileError(`CHANNELS_FILE ${file} is not a valid channels file:\n${lines.join('\n')}`);
  }
  return parsed.data.channels;
}

/** Reads and checks `CHANNELS_FILE` once at start; none set: no file channels. */
export function readChannelFile(file: string | undefined): ChannelEntry[] {
  if (!file) return [];
  let text: string;
  try {
    const bytes = readFileSync(file);
    if (bytes.length > FILE_MAX_BYTES) throw new Error(`larger than ${FILE_MAX_BYTES} bytes`);
    text = bytes.toString('utf8');
  } catch (error) {
    throw new ChannelFileError(`CHANNELS_FILE ${file}: ${(error as Error).message}`);
  }
  return parseChannelFile(text, file);
}
