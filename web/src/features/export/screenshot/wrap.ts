/** Width of a string in the font the caller has in mind, in CSS pixels. */
export type Measure = (text: string) => number;

// Han, kana, Hangul, CJK punctuation and full-width forms: each character may end a line.
const cjk = '\\u2E80-\\u9FFF\\uAC00-\\uD7AF\\uF900-\\uFAFF\\uFE30-\\uFE4F\\uFF00-\\uFFEF';
const tokenPattern = new RegExp(`\\s+|[${cjk}]|[^\\s${cjk}]+`, 'gu');

/**
 * Breaks one line of text into lines no wider than `maxWidth`: between words for Latin
 * scripts, between any two characters for CJK, and inside a word only when the word alone is
 * too wide. Spaces at a break are dropped. With `preserveSpaces` (code) every character may
 * break and spaces are kept, so indentation survives.
 */
export function wrapLine(text: string, maxWidth: number, measure: Measure, preserveSpaces = false): string[] {
  const tokens = preserveSpaces ? Array.from(text) : (text.match(tokenPattern) ?? []);
  const lines: string[] = [];
  let line = '';
  const push = () => {
    lines.push(preserveSpaces ? line : line.trimEnd());
    line = '';
  };

  for (const token of tokens) {
    const space = !preserveSpaces && /^\s+$/.test(token);
    if (space && line === '' && lines.length > 0) continue;
    if (measure(line + token) <= maxWidth) {
      line += token;
      continue;
    }
    if (space) {
      push();
      continue;
    }
    if (line !== '') push();
    if (measure(token) <= maxWidth) {
      line = token;
      continue;
    }
    for (const char of Array.from(token)) {
      if (line !== '' && measure(line + char) > maxWidth) push();
      line += char;
    }
  }
  if (line !== '' || lines.length === 0) push();
  return lines;
}
