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

function isStale(built, sources) {
  return !existsSync(built) || Math.max(...sources.map((s) => newestMtime(path.join(repoRoot, s)))) > statSync(built).mtimeMs;
}

/**
 * Builds the web app and the server where stale; `log` hears which; throws when a build fails.
 * `parts` limits it (the demo runs the server from source, so it needs the web app only);
 * `webDist` builds the web app into another folder (tests).
 */
export function ensureBuilt(log = console.log, { parts = ['web', 'server'], webDist } = {}) {
  for (const name of parts) {
    const build = builds[name];
    const custom = name === 'web' && webDist;
    const built = custom ? path.join(webDist, 'index.html') : path.join(repoRoot, build.output);
    if (!isStale(built, build.sources)) continue;
    log(`Building the ${name === 'web' ? 'web app' : 'server'}…`);
    // web/vite.config.ts and scripts/compress-assets.mjs read PARLEY_WEB_DIST.
    const env = custom ? { ...process.env, PARLEY_WEB_DIST: path.resolve(webDist) } : process.env;
    const result = spawnSync('npm', ['run', 'build', '-w', build.workspace], { cwd: repoRoot, env, stdio: ['ignore', 'inherit', 'inherit'], timeout: 600_000 });
    if (result.status !== 0) throw new Error(`the ${name} build failed (${result.status ?? result.signal})`);
  }
}
