import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/**
 * Starts a child process running `entry` (a module's URL without its extension, taken relative to
 * the caller's `import.meta.url`), its JavaScript heap capped at `memoryMb`. A process, not a
 * thread: V8 ends the whole process when a heap cap is hit in some allocations (a huge array
 * growing), so only a process keeps that from taking the server down. The production bundle has
 * the entry as a .js file beside dist/main.js (server/build.mjs); under tsx and vitest it is the
 * .ts source, loaded through tsx. The child takes none of the parent's command-line preloads (the
 * test stack's orphan guard would stop it) and talks over IPC with structured clone, so Buffers
 * travel as they do to a worker thread.
 */
export function startWorkerProcess(entry: URL, memoryMb: number): ChildProcess {
  const fromSource = import.meta.url.endsWith('.ts');
  const file = fileURLToPath(new URL(`${entry.href}${fromSource ? '.ts' : '.js'}`));
  const execArgv = [`--max-old-space-size=${memoryMb}`, `--max-semi-space-size=${Math.max(1, Math.round(memoryMb / 32))}`];
  if (fromSource) execArgv.push('--import', import.meta.resolve('tsx'));
  return fork(file, [], { execArgv, serialization: 'advanced', stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
}
