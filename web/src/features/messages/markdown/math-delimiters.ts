const fenceLine = /^ {0,3}(`{3,}|~{3,})/;
/** `$…$` as inline math: the opening `$` is followed and the closing one preceded by a non-space, and no digit follows the close, so "$5 and $10" stays text. */
const singleDollar = /(?<![\\$\w])\$(?=[^\s$])((?:[^$\n\\]|\\.)+?)(?<!\s)\$(?![\d$])/g;
const parenMath = /(?<!\\)\\\(([\s\S]+?)(?<!\\)\\\)/g;
const bracketMath = /(?<!\\)\\\[([\s\S]+?)(?<!\\)\\\]/g;
/** A line holding nothing but one `$$…$$` formula. */
const lonelyFormula = /^([ \t]*)\$\$([^$\n]+)\$\$[ \t]*$/gm;

/** `\[…\]` as a display block on lines of its own, indented as the line it stood on. */
function displayBlock(match: string, content: string, offset: number, whole: string): string {
  const lineStart = whole.lastIndexOf('\n', offset - 1) + 1;
  const before = whole.slice(lineStart, offset);
  const indent = /^[ \t]*/.exec(before)![0];
  const after = whole.slice(offset + match.length).split('\n', 1)[0]!;
  const open = before.trim() ? `\n${indent}$$` : '$$';
  const close = after.trim() ? `$$\n${indent}` : '$$';
  return `${open}\n${indent}${content.trim()}\n${indent}${close}`;
}

/** Rewrites the delimiters of prose that holds no `$$` and no code. */
function rewriteDelimiters(text: string): string {
  return text
    .replace(singleDollar, (_match, content: string) => `$$${content}$$`)
    .replace(parenMath, (match, content: string) => (content.includes('\n\n') ? match : `$$${content.trim()}$$`))
    .replace(bracketMath, displayBlock);
}

/** Leaves `$$…$$` (and an unclosed `$$` still streaming) as it is and rewrites the prose around it. */
function rewriteOutsideMath(text: string): string {
  let out = '';
  let i = 0;
  for (;;) {
    const open = text.indexOf('$$', i);
    if (open < 0) return out + rewriteDelimiters(text.slice(i));
    const close = text.indexOf('$$', open + 2);
    if (close < 0) return out + rewriteDelimiters(text.slice(i, open)) + text.slice(open);
    out += rewriteDelimiters(text.slice(i, open)) + text.slice(open, close + 2);
    i = close + 2;
  }
}

/** The index where a run of exactly `length` backticks starts at or after `from`, or -1. */
function backtickRun(text: string, from: number, length: number): number {
  const runs = /`+/g;
  runs.lastIndex = from;
  for (let run = runs.exec(text); run; run = runs.exec(text)) if (run[0].length === length) return run.index;
  return -1;
}

/** Prose outside fences: code spans are copied as they are, the text between them rewritten. */
function rewriteProse(text: string): string {
  let out = '';
  let plain = '';
  let i = 0;
  while (i < text.length) {
    const char = text[i]!;
    if (char === '\\') {
      plain += text.slice(i, i + 2);
      i += 2;
      continue;
    }
    if (char !== '`') {
      plain += char;
      i++;
      continue;
    }
    const run = /^`+/.exec(text.slice(i))![0];
    const close = backtickRun(text, i + run.length, run.length);
    if (close < 0) {
      plain += run;
      i += run.length;
      continue;
    }
    out += rewriteOutsideMath(plain) + text.slice(i, close + run.length);
    plain = '';
    i = close + run.length;
  }
  return (out + rewriteOutsideMath(plain)).replace(lonelyFormula, (_m, indent: string, formula: string) => `${indent}$$\n${indent}${formula.trim()}\n${indent}$$`);
}

/**
 * Brings the math delimiters models write to the one form the renderer reads: inline `$…$`
 * (guarded against prices) and `\(…\)` become `$$…$$` (inline math), `\[…\]` and a formula
 * alone on its line become a `$$` display block. Code fences and code spans are left as they are.
 */
export function normalizeMath(text: string): string {
  if (!text.includes('$') && !text.includes('\\')) return text;
  const lines = text.split('\n');
  const out: string[] = [];
  let prose: string[] = [];
  let fence: string | null = null;
  const flush = () => {
    if (prose.length > 0) out.push(rewriteProse(prose.join('\n')));
    prose = [];
  };
  for (const line of lines) {
    const marker = fenceLine.exec(line)?.[1];
    if (fence) {
      out.push(line);
      if (marker && marker[0] === fence[0] && marker.length >= fence.length && line.trim() === marker) fence = null;
    } else if (marker) {
      flush();
      fence = marker;
      out.push(line);
    } else prose.push(line);
  }
  flush();
  return out.join('\n');
}
