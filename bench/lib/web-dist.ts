import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { repoRoot } from '../../testkit/src/stack/parley-process.ts';

/** The built web app Parley serves (`server/src/main.ts` reads it from here). */
export const webDist = path.join(repoRoot, 'web/dist');

function newestMtime(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : statSync(full).mtimeMs);
  }
  return newest;
}

/**
 * Builds the web app the way `npm start` does when web/dist is missing or older than its
 * sources, so the benches measure the code in the tree, not an old build.
 */
export function ensureWebDist(): string {
  const index = path.join(webDist, 'index.html');
  const sources = ['web/src', 'web/index.html', 'packages/core/src'].map((p) => path.join(repoRoot, p));
  const newestSource = Math.max(...sources.map((p) => (statSync(p).isDirectory() ? newestMtime(p) : statSync(p).mtimeMs)));
  if (existsSync(index) && statSync(index).mtimeMs >= newestSource) return webDist;
  console.log('  building the web app (web/dist is older than its sources)…');
  const build = spawnSync('npm', ['run', 'build', '-w', '@parley/web'], { cwd: repoRoot, encoding: 'utf8', timeout: 300_000 });
  if (build.status !== 0) throw new Error(`web build failed (${build.status ?? build.signal}):\n${build.stdout}\n${build.stderr}`);
  return webDist;
}
