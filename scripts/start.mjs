// `npm start`: builds the web app and the server when missing or older than their sources, then serves everything.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { ensureBuilt, repoRoot, serverEntry } from './builds.mjs';

try {
  ensureBuilt();
} catch (error) {
  console.error(error.message);
  process.exit(1);
}
// A `.env` beside package.json configures the server; variables already in the environment win.
const envFile = path.join(repoRoot, '.env');
const nodeArgs = [...(existsSync(envFile) ? [`--env-file=${envFile}`] : []), serverEntry];
const server = spawnSync(process.execPath, nodeArgs, { cwd: repoRoot, stdio: 'inherit' });
process.exit(server.status ?? 1);
