import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { isRetired, modelAliases, titleModels, upstreamModels, type UpstreamModelInfo } from '@parley/core';
import { describe, expect, it } from 'vitest';

/*
 * The fakes refuse a model from its catalog shutdown day on (`servedModelIds`), so a test that
 * names a model about to retire breaks by itself on that day. This guard fails a month ahead,
 * naming the file and the model, while there is time to move the test to a live model.
 */

const warningDays = 30;
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const skippedDirs = new Set(['node_modules', 'dist', '.git', 'test-results', 'playwright-report']);
/** Folders whose every source drives the fakes (browser journeys, fake servers and their scripts, benches). */
const fakeDrivingDirs = ['e2e/', 'testkit/src/', 'bench/'];
/** Tests and test helpers elsewhere: `x.test.ts`, `src/test-support/…`, `test-startup-config.ts`. */
const testPath = /(^|[/.-])test([/.-]|$)/;
/** Where a spec id that is also an upstream id (gpt-4o) reaches a fake as itself, not through Parley's alias. */
const directToFakes = 'testkit/src/fakes/';

function sourceFiles(dir: string): string[] {
  return readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const relative = dir ? `${dir}/${entry.name}` : entry.name;
    if (entry.isDirectory()) return skippedDirs.has(entry.name) ? [] : sourceFiles(relative);
    return /\.(ts|tsx|mts|mjs)$/.test(entry.name) ? [relative] : [];
  });
}

/** The fakes' record of what each service serves names every model until its shutdown day, as it must. */
const servedRecord = 'testkit/src/fakes/served-models.ts';

const scanned = (file: string) => file !== servedRecord && (fakeDrivingDirs.some((dir) => file.startsWith(dir)) || testPath.test(file));

/** Upstream models still served today whose shutdown day falls within the warning window. */
function retiringSoon(now: Date): UpstreamModelInfo[] {
  const horizon = new Date(now.getTime() + warningDays * 86_400_000);
  return [...upstreamModels.values()].filter((m) => !isRetired(m, now) && isRetired(m, horizon));
}

/** The id as a whole token: in 'x' or /models/x:, not inside x.1, x-mini or a longer id. */
const tokenOf = (id: string) => new RegExp(`(?<![\\w.-])${id.replace(/[.]/g, '\\.')}(?![\\w-]|\\.\\w)`);

describe('models retiring soon', () => {
  const now = new Date();
  const soon = retiringSoon(now);
  const aliasIds = new Set(modelAliases.map((a) => a.alias));

  it('are named by no test, spec, fake or bench source', () => {
    const files = sourceFiles('').filter(scanned);
    expect(files.length).toBeGreaterThan(100);
    const found = files.flatMap((file) => {
      const text = readFileSync(path.join(root, file), 'utf8');
      return soon
        .filter((m) => !(aliasIds.has(m.id) && !file.startsWith(directToFakes)))
        .filter((m) => tokenOf(m.id).test(text))
        .map((m) => `${file}: ${m.id} (retires ${m.retires})`);
    });
    expect(found).toEqual([]);
  });

  it('are the target of no default alias and no title model', () => {
    const targets = [...modelAliases.map((a) => [a.alias, a.upstream]), ...Object.entries(titleModels).map(([p, id]) => [`${p} titles`, id])];
    const stale = targets.filter(([, id]) => soon.some((m) => m.id === id)).map(([name, id]) => `${name} → ${id}`);
    expect(stale).toEqual([]);
  });

  it('and retired ones are named by no operator document, unless the picker keeps the id as an alias', () => {
    const gone = [...upstreamModels.values()].filter((m) => isRetired(m, now) && !aliasIds.has(m.id));
    const named = ['README.md', '.env.example'].flatMap((file) => {
      const text = readFileSync(path.join(root, file), 'utf8');
      return [...gone, ...soon].filter((m) => tokenOf(m.id).test(text)).map((m) => `${file}: ${m.id} (retires ${m.retires})`);
    });
    expect(named).toEqual([]);
  });

  it('match as whole ids only, so the scan neither misses nor over-reports', () => {
    const token = tokenOf('fable-5.5');
    expect(["model: 'fable-5.5'", '/models/fable-5.5:stream', '`fable-5.5`', 'fable-5.5.'].every((s) => token.test(s))).toBe(true);
    expect(["'fable-5.5.1'", "'fable-5.5-mini'", "'o-fable-5.5'", 'fable-5.50', 'fable-575'].some((s) => token.test(s))).toBe(false);
  });
});
