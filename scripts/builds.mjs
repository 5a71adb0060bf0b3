// What `npm start` and the benches run is built from the tree: each build is redone when it is
// missing or older than any of its sources.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

export const repoRoot = path.resolve(import.meta.dirname, '..');

const builds = {
  web: { output: 'web/dist/index.html', sources: ['web/src', 'web/index.html', 'web/vite.config.ts', 'packages/core/src'], workspace: '@parley/web' },
  server: { output: 'server/dist/main.js', sources: ['server/src', 'server/build.mjs', 'packages/core/src'], workspace: '@parley/server' },
};

/** The compiled server that `npm start` runs. */
export const serverEntry = path.join(repoRoot, builds.server.output);

function newestMtime(target) {
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(0, ...readdirSync(target).map((name) => newestMtime(path.join(target, name))));
}

function isStale({ output, sources }) {
  const built = path.join(repoRoot, output);
  return !existsSync(built) || Math.max(...sources.map((s) => newestMtime(path.join(repoRoot, s)))) > statSync(built).mtimeMs;
}

/** Builds the web app and the server where stale; `log` hears which; throws when a build fails. */
export function ensureBuilt(log = console.log) {
  for (const [name, build] of Object.entries(builds)) {
    if (!isStale(build)) continue;
    log(`Building the ${name === 'web' ? 'web app' : 'server'}…`);
    const result = spawnSync('npm', ['run', 'build', '-w', build.workspace], { cwd: repoRoot, stdio: ['ignore', 'inherit', 'inherit'], timeout: 600_000 });
    if (result.status !== 0) throw new Error(`the ${name} build failed (${result.status ?? result.signal})`);
  }
}
