import path from 'node:path';
import { ensureBuilt, repoRoot } from '../../scripts/builds.mjs';

/** The built web app Parley serves (`server/src/main.ts` reads it from here). */
const webDist = path.join(repoRoot, 'web/dist');

/**
 * Builds the web app and the server the way `npm start` does when they are missing or older
 * than their sources, so the benches measure the code in the tree, not an old build.
 */
export function ensureBuilds(): string {
  ensureBuilt((line) => console.log(`  ${line}`));
  return webDist;
}
