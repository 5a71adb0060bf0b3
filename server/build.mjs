// Compiles the server for production: one ESM bundle of our own code (server and @parley/core)
// at server/dist/main.js, and one for each worker thread (dist/token-worker.js, dist/pool-worker.js), with every
// npm package left as an import, and the SQL migrations beside them. Running compiled JavaScript
// instead of compiling TypeScript at start (tsx) saves about 50 MB of resident memory and the
// start-up compile.
import { cpSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';

const serverDir = import.meta.dirname;
const outDir = path.join(serverDir, 'dist');
const manifest = (dir) => JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8'));
const packages = [manifest(serverDir), manifest(path.join(serverDir, '../packages/core'))]
  .flatMap((pkg) => Object.keys(pkg.dependencies ?? {}))
  .filter((name) => !name.startsWith('@parley/'));

rmSync(outDir, { recursive: true, force: true });
const { metafile } = await build({
  // Each worker thread runs a file of its own, found beside main.js (start-worker-thread.ts).
  entryPoints: {
    main: path.join(serverDir, 'src/main.ts'),
    'token-worker': path.join(serverDir, 'src/services/tokenizer/token-worker.ts'),
    'pool-worker': path.join(serverDir, 'src/services/worker-pool/pool-worker.ts'),
  },
  outdir: outDir,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: 'linked',
  external: packages.flatMap((name) => [name, `${name}/*`]),
  logLevel: 'warning',
  metafile: true,
});
// Test support (src/test-support: test apps, throw-away databases, suites) never ships.
const testSupport = Object.keys(metafile.inputs).filter((input) => input.includes('src/test-support/'));
if (testSupport.length > 0) throw new Error(`the production bundle imports test support: ${testSupport.join(', ')}`);
cpSync(path.join(serverDir, 'src/db/migrations'), path.join(outDir, 'migrations'), { recursive: true });
