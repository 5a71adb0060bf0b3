/**
 * `npm run demo`: Parley on http://localhost:3080 wired to every testkit fake (mail, OpenID,
 * OAuth, model providers), data kept in ./data-demo, so a newcomer can click through with no keys.
 */
import path from 'node:path';
import { ensureBuilt } from '../../scripts/builds.mjs';
import { announceDemo } from './stack/demo-account.ts';
import { repoRoot } from './stack/parley-process.ts';
import { runStack } from './stack/run-stack.ts';

const port = 3080;
const publicUrl = `http://localhost:${port}`;

try {
  // A fresh clone has no web/dist: the server would answer the API alone. It runs from source, so only the web app is built.
  ensureBuilt(console.log, { parts: ['web'] });
  const stack = await runStack({
    port,
    controlPort: 3081,
    dataDir: path.join(repoRoot, 'data-demo'),
    // `ACCESS_MODE=keys npm run demo` (or both) shows the paid service: keys, quota, top-up on the fake gateway.
    env: { PUBLIC_URL: publicUrl, LOG_LEVEL: 'warn', ...(process.env.ACCESS_MODE ? { ACCESS_MODE: process.env.ACCESS_MODE } : {}) },
  });
  await announceDemo(stack, publicUrl);
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
