/** A run of a message's text drawn one way: body text, a heading line, or a code block. */
export interface TextBlock {
  kind: 'text' | 'heading' | 'code';
  lines: string[];
}

const fence = /^\s*(```|~~~)/;
const heading = /^\s{0,3}#{1,6}\s+/;
const bullet = /^(\s*)[-*+]\s+/;

/** Emphasis markers and inline-code ticks read as noise in a picture; their text stays. */
function plainInline(line: string): string {
  return line.replace(/(\*\*|__)(?=\S)(.+?)(?<=\S)\1/g, '$2').replace(/`([^`]+)`/g, '$1');
}

/**
 * A reply's markdown reduced to what a picture of the thread needs: fenced code as code
 * blocks, headings as bold lines, list markers as bullets, emphasis markers removed. A user
 * message is plain text and stays exactly as typed.
 */
export function toBlocks(text: string, markdown: boolean): TextBlock[] {
  const lines = text.replace(/\r\n?/g, '\n').split('\n');
  if (!markdown) return [{ kind: 'text', lines }];

  const blocks: TextBlock[] = [];
  const add = (kind: TextBlock['kind'], line: string) => {
    const last = blocks.at(-1);
    if (last && last.kind === kind && kind !== 'heading') last.lines.push(line);
    else blocks.push({ kind, lines: [line] });
  };
  let inCode = false;
  for (const line of lines) {
    if (fence.test(line)) {
      // An opening fence always starts a new block, even right after another code block.
      if (!inCode) blocks.push({ kind: 'code', lines: [] });
      inCode = !inCode;
      continue;
    }
    if (inCode) blocks.at(-1)!.lines.push(line.replace(/\t/g, '  '));
    else if (heading.test(line)) add('heading', plainInline(line.replace(heading, '')));
    else add('text', plainInline(line.replace(bullet, '$1• ')));
  }
  return blocks.filter((block) => block.kind !== 'code' || block.lines.length > 0);
}
