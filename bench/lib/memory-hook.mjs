// Preloaded into Parley (NODE_OPTIONS=--import; the worker pool's processes inherit it, hence the pid) by `startBenchParley` when a memory breakdown is
// asked for: every 100 ms it appends process.memoryUsage() as a JSON line to BENCH_MEMORY_LOG, so
// a peak of resident memory can be told apart into the JavaScript heap (used, and held by V8
// beyond what is used), Buffers and other memory outside it, and the rest (code, PGlite's WebAssembly).
// Reading the counters costs microseconds and changes nothing of how V8 sizes its heap.
import { appendFileSync } from 'node:fs';

const file = process.env.BENCH_MEMORY_LOG;
if (file) {
  const timer = setInterval(() => {
    const { rss, heapTotal, heapUsed, external, arrayBuffers } = process.memoryUsage();
    appendFileSync(file, `${JSON.stringify({ pid: process.pid, rss, heapTotal, heapUsed, external, arrayBuffers })}\n`);
  }, 100);
  timer.unref();
}
