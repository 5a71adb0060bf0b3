import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FileStorage } from './file-storage.ts';

const safeKey = /^[A-Za-z0-9_-]+\/[A-Za-z0-9_.-]+$/;

/** Files under `root/<owner>/<id>`; keys are ours (uuids), but are checked so no key can leave the root. */
export function createDiskStorage(root: string): FileStorage {
  const pathOf = (key: string) => {
    if (!safeKey.test(key) || key.includes('..')) throw new Error(`invalid storage key ${JSON.stringify(key)}`);
    return path.join(root, key);
  };
  return {
    kind: 'disk',
    async put(key, data) {
      const file = pathOf(key);
      await mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
      await writeFile(file, data, { mode: 0o600 });
    },
    async get(key) {
      try {
        return await readFile(pathOf(key));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
        throw error;
      }
    },
    async delete(key) {
      await rm(pathOf(key), { force: true });
    },
  };
}
