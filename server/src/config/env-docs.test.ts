import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { envSchema, parseEnv } from './env.ts';
import { envExamplePath, parseEnvExample, readmeEnvTable, readmePath, renderEnvTable } from './env-docs.ts';

const docs = parseEnvExample(readFileSync(envExamplePath, 'utf8'));
const documented = new Set(docs.map((d) => d.name));

describe('.env.example', () => {
  it('documents every variable the configuration schema reads, with a description', () => {
    const undocumented = Object.keys(envSchema.shape).filter((name) => !documented.has(name));
    expect(undocumented).toEqual([]);
    expect(docs.filter((d) => !d.description).map((d) => d.name)).toEqual([]);
  });

  it('documents no variable the schema does not know', () => {
    const known = new Set(Object.keys(envSchema.shape));
    expect(docs.map((d) => d.name).filter((name) => !known.has(name))).toEqual([]);
  });

  it('holds defaults that the schema accepts', () => {
    expect(() => parseEnv(Object.fromEntries(docs.map((d) => [d.name, d.fallback])))).not.toThrow();
  });

  it("matches README's configuration table (regenerate with npx tsx server/src/config/env-docs.ts)", () => {
    expect(readmeEnvTable(readFileSync(readmePath, 'utf8'))).toBe(renderEnvTable(docs));
  });
});
