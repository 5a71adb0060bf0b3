// Writes a brotli (.br) and a gzip (.gz) copy beside every compressible file of a build, so the
// server sends them as they are instead of compressing the same bytes on every request.
// Usage: node scripts/compress-assets.mjs <dir> (PARLEY_WEB_DIST, when set, names the folder instead)
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const compressible = new Set(['.js', '.mjs', '.css', '.html', '.svg', '.json', '.txt', '.map', '.wasm', '.xml', '.ttf', '.otf']);
// Below this a compressed copy saves less than a packet.
const minBytes = 1024;

function* files(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* files(full);
    else yield full;
  }
}

const dir = process.env.PARLEY_WEB_DIST || process.argv[2];
if (!dir) throw new Error('usage: node scripts/compress-assets.mjs <dir>');
let count = 0;
let before = 0;
let after = 0;
for (const file of files(dir)) {
  if (!compressible.has(path.extname(file)) || statSync(file).size < minBytes) continue;
  const data = readFileSync(file);
  const br = brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: data.length } });
  writeFileSync(`${file}.br`, br);
  writeFileSync(`${file}.gz`, gzipSync(data, { level: 9 }));
  count += 1;
  before += data.length;
  after += br.length;
}
console.log(`compressed ${count} files: ${(before / 1024).toFixed(0)} KB → ${(after / 1024).toFixed(0)} KB brotli`);
