import { createInflateRaw } from 'node:zlib';
import { WorkLimitError } from '../worker-pool/work-limit.ts';

const END_OF_CENTRAL_DIRECTORY = 0x06054b50;
const CENTRAL_ENTRY = 0x02014b50;
const LOCAL_ENTRY = 0x04034b50;

interface ZipEntry {
  method: number;
  /** Where the entry's (compressed) bytes start, past its local header. */
  start: number;
  compressedSize: number;
}

function entries(zip: Buffer): ZipEntry[] {
  // The end record is in the last 22 + 65,535 (comment) bytes.
  let end = -1;
  for (let at = zip.length - 22; at >= Math.max(0, zip.length - 22 - 0xffff); at--) {
    if (zip.readUInt32LE(at) === END_OF_CENTRAL_DIRECTORY) {
      end = at;
      break;
    }
  }
  if (end < 0) throw new Error('not a zip archive: no end of central directory');
  const count = zip.readUInt16LE(end + 10);
  const found: ZipEntry[] = [];
  let at = zip.readUInt32LE(end + 16);
  for (let i = 0; i < count; i++) {
    if (at + 46 > zip.length || zip.readUInt32LE(at) !== CENTRAL_ENTRY) throw new Error('damaged zip archive: bad central directory');
    const local = zip.readUInt32LE(at + 42);
    if (local + 30 > zip.length || zip.readUInt32LE(local) !== LOCAL_ENTRY) throw new Error('damaged zip archive: bad local header');
    found.push({
      method: zip.readUInt16LE(at + 10),
      compressedSize: zip.readUInt32LE(at + 20),
      start: local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28),
    });
    at += 46 + zip.readUInt16LE(at + 28) + zip.readUInt16LE(at + 30) + zip.readUInt16LE(at + 32);
  }
  return found;
}

/** Inflates one deflated entry, counting its bytes and dropping them; stops once `budget` is passed. */
function inflatedSize(data: Buffer, budget: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const inflate = createInflateRaw();
    let size = 0;
    inflate.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > budget) {
        inflate.destroy();
        resolve(size);
      }
    });
    inflate.on('end', () => resolve(size));
    inflate.on('error', reject);
    inflate.end(data);
  });
}

/**
 * Refuses a zip (an Office or OpenDocument file) that unpacks to more than `max` bytes, a
 * decompression bomb: a 150 KB .docx can hold 150 MB of text. Each entry is really inflated
 * (its declared size may lie), a chunk at a time, and nothing it unpacks is kept.
 */
export async function assertZipUnpacksWithin(zip: Buffer, max: number): Promise<void> {
  let total = 0;
  for (const entry of entries(zip)) {
    const data = zip.subarray(entry.start, entry.start + entry.compressedSize);
    total += entry.method === 8 ? await inflatedSize(data, max - total) : data.length;
    if (total > max) throw new WorkLimitError('size', `The document unpacks to more than ${Math.round(max / 1024 / 1024)} MB.`);
  }
}
