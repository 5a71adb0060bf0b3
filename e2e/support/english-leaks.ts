import { readLocale } from '@parley/web/locale-files';
import type { SeenText } from './visible-text.ts';

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Words that read the same in every language: product and model names, formats and units. A
 * run of two English words is a leak unless at least all but one of them are here.
 */
const NAMES = new Set([
  'parley', 'openai', 'azure', 'ai', 'stable', 'diffusion', 'anthropic', 'claude', 'google', 'gemini', 'palm', 'bison', 'vertex', 'grok', 'imagine', 'xai', 'bing',
  'chatgpt', 'gpt', 'turbo', 'mini', 'nano', 'sonnet', 'haiku', 'opus', 'instant', 'flash', 'pro', 'lite', 'ultra', 'preview',
  'llama', 'mistral', 'deepseek', 'github', 'openid', 'markdown', 'json', 'png', 'csv', 'mcp', 'serpapi', 'calculator', 'dall',
  'wolfram', 'zapier', 'wechat', 'alipay', 'api', 'url', 'id', 'sk', 'kb', 'mb', 'gb', 'ms', 'px',
]);

export interface Leak extends SeenText {
  why: string;
}

/**
 * The English of a reader's language: each en-US string its translation changes, as a whole-text
 * pattern whose `{{placeholders}}` match anything. A string the translation keeps (a name, a
 * format) is not English to that reader. The key ids themselves are English too: a key the
 * reader's locale lacks shows as its id.
 */
export function englishOf(code: string): { key: string; pattern: RegExp }[] {
  const target = readLocale(code);
  const source = readLocale('en-US');
  // A key missing from the reader's locale shows as its own id (i18next has no fallback language).
  const ids = [...source.keys()].map((key) => ({ key, pattern: new RegExp(`^${escape(key)}$`) }));
  return [...source]
    .filter(([key, english]) => target.get(key) !== english && /[A-Za-z]{2}/.test(english.replace(/\{\{\s*\w+\s*\}\}/g, '')))
    .map(([key, english]) => ({
      key,
      pattern: new RegExp(`^${english.trim().split(/\{\{\s*\w+\s*\}\}/).map(escape).join('.+?')}$`, 's'),
    }))
    .concat(ids);
}

/** Two or more English words in a row that are not names: text a component wrote itself, in English. */
function englishWords(text: string): string | undefined {
  const words = text.split(/\s+/).map((token) => token.replace(/^[("'“‘]+|[)"'”’.,:;!?…]+$/g, ''));
  let run: string[] = [];
  for (const word of [...words, '']) {
    if (/^[A-Za-z][a-z]+$|^[A-Z]{2,}$/.test(word)) {
      run.push(word);
      continue;
    }
    if (run.length >= 2 && run.filter((w) => !NAMES.has(w.toLowerCase())).length >= 2) return run.join(' ');
    run = [];
  }
  return undefined;
}

/** Each seen text that is an en-US string the reader's language translates, or a run of English words. */
export function englishLeaks(seen: readonly SeenText[], english: readonly { key: string; pattern: RegExp }[]): Leak[] {
  const leaks: Leak[] = [];
  for (const item of seen) {
    const match = english.find(({ pattern }) => pattern.test(item.text));
    if (match) {
      leaks.push({ ...item, why: `en-US ${match.key}` });
      continue;
    }
    const words = englishWords(item.text);
    if (words) leaks.push({ ...item, why: `English words "${words}"` });
  }
  return leaks;
}
