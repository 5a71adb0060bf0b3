import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The folder of the locale files: `<code>.json`, and one folder per further namespace. */
export const localesDir = path.dirname(fileURLToPath(import.meta.url));

/**
 * Namespaces loaded on demand, each a folder of `<code>.json` beside the main files: the plugins'
 * texts, and the operator console's (`admin`, `admin-<area>`; every such folder is one).
 */
export const lazyNamespaces: string[] = [
  'plugins',
  ...readdirSync(localesDir, { withFileTypes: true }).filter((entry) => entry.isDirectory() && entry.name.startsWith('admin')).map((entry) => entry.name),
];

type Tree = { [key: string]: string | Tree };

function flatten(tree: Tree, prefix: string, out: Map<string, string>): Map<string, string> {
  for (const [key, value] of Object.entries(tree)) {
    const id = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(id, value);
    else flatten(value, id, out);
  }
  return out;
}

const readTree = (file: string) => JSON.parse(readFileSync(file, 'utf8')) as Tree;

/**
 * Every text of a language, read from disk for the checks in tests: `chat.input.label` for the
 * main file, `plugins:builtin.calculator.name` for a namespace, as the web code asks for them.
 */
export function readLocale(code: string): Map<string, string> {
  const texts = flatten(readTree(path.join(localesDir, `${code}.json`)), '', new Map());
  for (const namespace of lazyNamespaces) {
    for (const [key, text] of flatten(readTree(path.join(localesDir, namespace, `${code}.json`)), '', new Map())) texts.set(`${namespace}:${key}`, text);
  }
  return texts;
}
