import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ensureBuilt } from './builds.mjs';

describe('the builds npm start and npm run demo make', () => {
  const root = mkdtempSync(path.join(tmpdir(), 'parley-web-dist-'));
  const webDist = path.join(root, 'dist');
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('builds a missing web app (a fresh clone), then leaves a fresh one alone', () => {
    const first: string[] = [];
    ensureBuilt((line) => first.push(line), { parts: ['web'], webDist });
    expect(first).toEqual(['Building the web app…']);
    expect(existsSync(path.join(webDist, 'index.html'))).toBe(true);
    // The compressed copies the server sends land beside the assets of that folder too.
    expect(readdirSync(path.join(webDist, 'assets')).some((file) => file.endsWith('.js.br'))).toBe(true);

    const second: string[] = [];
    ensureBuilt((line) => second.push(line), { parts: ['web'], webDist });
    expect(second).toEqual([]);
  }, 180_000);
});
