/** A piece of a result's text, marked when it is an occurrence of the query. */
export interface TextSegment {
  text: string;
  match: boolean;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const collapse = (text: string) => text.replace(/\s+/g, ' ').trim();

/**
 * A reply's markdown read as plain text for an excerpt: fences, heading and list markers, quote
 * marks, link targets, emphasis markers and inline-code ticks removed, their text kept.
 */
export function plainMarkdown(text: string): string {
  return text
    .replace(/^[ \t]*(```|~~~).*$/gm, '')
    .replace(/^[ \t]{0,3}#{1,6}[ \t]+/gm, '')
    .replace(/^[ \t]*(?:[-*+]|\d+\.)[ \t]+/gm, '')
    .replace(/^[ \t]*>[ \t]?/gm, '')
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/(\*\*|__)(?=\S)(.+?)(?<=\S)\1/g, '$2')
    .replace(/(?<![*\w])([*_])(?=\S)(.+?)(?<=\S)\1(?![*\w])/g, '$2')
    .replace(/`([^`]+)`/g, '$1');
}

/** How much text is shown before the first occurrence when the excerpt does not start at the beginning. */
const lead = 60;

/**
 * The part of a message shown in a search result: whitespace collapsed to one line, cut to
 * about `maxLength` characters around the first occurrence of the query (ellipses where
 * text was cut), split into segments with every occurrence marked. Matching ignores case and
 * reads the query literally, like the server's search.
 */
export function highlightExcerpt(text: string, query: string, maxLength = 280): TextSegment[] {
  const flat = collapse(text);
  const needle = collapse(query);
  if (needle === '') return [{ text: flat.slice(0, maxLength), match: false }];
  const pattern = new RegExp(escapeRegExp(needle), 'giu');

  const first = flat.search(pattern);
  let start = 0;
  if (first > lead && flat.length > maxLength) start = Math.min(first - lead, Math.max(0, flat.length - maxLength));
  // Start at a word boundary when one is close, so the excerpt does not open mid-word.
  if (start > 0) {
    const space = flat.indexOf(' ', start);
    if (space !== -1 && space < first && space - start < 20) start = space + 1;
  }
  const end = Math.min(flat.length, start + maxLength);
  const excerpt = flat.slice(start, end);

  const segments: TextSegment[] = [];
  if (start > 0) segments.push({ text: '…', match: false });
  let cursor = 0;
  for (const found of excerpt.matchAll(pattern)) {
    if (found.index > cursor) segments.push({ text: excerpt.slice(cursor, found.index), match: false });
    segments.push({ text: found[0], match: true });
    cursor = found.index + found[0].length;
  }
  if (cursor < excerpt.length) segments.push({ text: excerpt.slice(cursor), match: false });
  if (end < flat.length) segments.push({ text: '…', match: false });
  return segments;
}
