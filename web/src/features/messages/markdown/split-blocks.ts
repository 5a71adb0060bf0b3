const fenceLine = /^ {0,3}(`{3,}|~{3,})/;
/** A line that still belongs to the block above it after a blank line: indented, a list item or a quote. */
const continuesAbove = /^\s|^ {0,3}([-*+]|\d{1,9}[.)])(\s|$)|^ {0,3}>/;
/** A link reference or footnote definition: it changes how earlier blocks render. */
const definitionLine = /^ {0,3}\[[^\]\n]+\]:/m;

/**
 * Cuts streaming markdown into top-level blocks at blank lines. Every block but the last is
 * complete — later text cannot change how it renders — so a streaming reply re-parses only its
 * last block per frame instead of the whole text, which grows with every token. A blank line
 * inside a code fence or a `$$` math block, or one followed by a list item, a quote or an
 * indented line (a loose list, a continued item), is not a cut. A text with a link reference or
 * footnote definition stays one block, as a definition reaches back into the blocks above it.
 */
export function splitMarkdownBlocks(text: string): string[] {
  if (definitionLine.test(text)) return [text];
  const lines = text.split('\n');
  const blocks: string[] = [];
  let start = 0;
  let fence: string | null = null;
  let math = false;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    const marker = fenceLine.exec(line)?.[1];
    if (fence) {
      if (marker && marker[0] === fence[0] && marker.length >= fence.length && line.trim() === marker) fence = null;
      continue;
    }
    if (marker) {
      fence = marker;
      continue;
    }
    if (line.trim() === '$$') math = !math;
    if (math || line.trim() !== '') continue;
    const next = lines[i + 1];
    if (next === undefined || next.trim() === '' || continuesAbove.test(next)) continue;
    blocks.push(lines.slice(start, i).join('\n'));
    start = i + 1;
  }
  blocks.push(lines.slice(start).join('\n'));
  return blocks;
}
