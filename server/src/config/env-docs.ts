import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export interface EnvDoc {
  section: string;
  name: string;
  fallback: string;
  description: string;
}

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
export const envExamplePath = path.join(root, '.env.example');
export const readmePath = path.join(root, 'README.md');
const start = '<!-- env-table:start -->';
const end = '<!-- env-table:end -->';

/** Reads `.env.example`: `## Section` lines, `# description` lines, then `NAME=default`. */
export function parseEnvExample(text: string): EnvDoc[] {
  const docs: EnvDoc[] = [];
  let section = '';
  let description: string[] = [];
  for (const line of text.split('\n')) {
    if (line.startsWith('## ')) section = line.slice(3).trim();
    else if (line.startsWith('# ')) description.push(line.slice(2).trim());
    else if (/^[A-Z0-9_]+=/.test(line)) {
      const [name, ...rest] = line.split('=');
      docs.push({ section, name: name!, fallback: rest.join('='), description: description.join(' ') });
      description = [];
    } else if (!line.trim()) description = [];
  }
  return docs;
}

export function renderEnvTable(docs: EnvDoc[]): string {
  const rows = docs.map((d) => `| \`${d.name}\` | ${d.fallback ? `\`${d.fallback}\`` : '—'} | ${d.description} |`);
  return [start, '| Variable | Default | Meaning |', '|---|---|---|', ...rows, end].join('\n');
}

export function readmeEnvTable(readme: string): string | undefined {
  const from = readme.indexOf(start);
  const to = readme.indexOf(end);
  return from >= 0 && to > from ? readme.slice(from, to + end.length) : undefined;
}

/** `tsx server/src/config/env-docs.ts` rewrites README's configuration table from `.env.example`. */
if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const table = renderEnvTable(parseEnvExample(readFileSync(envExamplePath, 'utf8')));
  const readme = readFileSync(readmePath, 'utf8');
  const current = readmeEnvTable(readme);
  if (!current) throw new Error(`README.md lacks the ${start} … ${end} markers`);
  writeFileSync(readmePath, readme.replace(current, table));
  console.log('README configuration table updated');
}
