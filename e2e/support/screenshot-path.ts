import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/**
 * Where the journeys save their screenshots: `e2e/screenshots/` (ignored by git) while testing, so
 * `npm test` leaves tracked files as they were; screenshotPath(``) (the README's pictures) when
 * `npm run screenshots` sets `PARLEY_SCREENSHOTS=docs` to refresh them.
 */
const screenshotDir = process.env.PARLEY_SCREENSHOTS === 'docs' ? path.join(repoRoot, 'docs', 'screenshots') : path.join(repoRoot, 'e2e', 'screenshots');

/** The file a screenshot named `name` (e.g. `toasts-desktop-light-en.png`) is saved to; its folder exists. */
export function screenshotPath(name: string): string {
  mkdirSync(screenshotDir, { recursive: true });
  return path.join(screenshotDir, name);
}
