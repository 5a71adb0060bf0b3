import { Worker } from 'node:worker_threads';

// The thread takes none of the process's command-line preloads: the test stack's orphan guard
// (`--import orphan-guard.mjs`) sees a worker's stdin end at once and would stop the server.
const options = { execArgv: [] };

/**
 * Starts a token worker thread (token-worker.ts). The production bundle has it as
 * dist/token-worker.js beside dist/main.js (server/build.mjs), which is where this module's code
 * then lives. Under tsx and vitest it is the .ts beside this file, and Node 20 ignores a worker's
 * `--import tsx`, so the thread registers tsx itself before importing it.
 */
export function startTokenWorker(): Worker {
  const fromSource = import.meta.url.endsWith('.ts');
  const entry = new URL(fromSource ? './token-worker.ts' : './token-worker.js', import.meta.url);
  if (!fromSource) return new Worker(entry, options);
  // Resolved here: a worker's eval code resolves packages from the working directory, not from Parley.
  const tsx = import.meta.resolve('tsx/esm/api');
  const code = `import(${JSON.stringify(tsx)}).then(({ register }) => { register(); return import(${JSON.stringify(entry.href)}); })`;
  return new Worker(code, { ...options, eval: true });
}
