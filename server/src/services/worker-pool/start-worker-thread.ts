import { Worker, type ResourceLimits } from 'node:worker_threads';

/**
 * Starts a worker thread running `entry` (a module's URL without its extension, taken relative to
 * the caller's `import.meta.url`). The production bundle has each worker entry as a .js file
 * beside dist/main.js (server/build.mjs), which is where every module's code then lives. Under
 * tsx and vitest it is the .ts source, and Node 20 ignores a worker's `--import tsx`, so the
 * thread registers tsx itself before importing it.
 *
 * The thread takes none of the process's command-line preloads: the test stack's orphan guard
 * (`--import orphan-guard.mjs`) sees a worker's stdin end at once and would stop the server.
 */
export function startWorkerThread(entry: URL, resourceLimits?: ResourceLimits): Worker {
  const options = { execArgv: [], resourceLimits };
  const fromSource = import.meta.url.endsWith('.ts');
  const file = new URL(`${entry.href}${fromSource ? '.ts' : '.js'}`);
  if (!fromSource) return new Worker(file, options);
  // Resolved here: a worker's eval code resolves packages from the working directory, not from Parley.
  const tsx = import.meta.resolve('tsx/esm/api');
  const code = `import(${JSON.stringify(tsx)}).then(({ register }) => { register(); return import(${JSON.stringify(file.href)}); })`;
  return new Worker(code, { ...options, eval: true });
}
