import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startS3Server } from '../../test-support/s3-server.ts';
import { createDiskStorage } from './disk-storage.ts';
import type { FileStorage } from './file-storage.ts';
import { createS3Storage } from './s3-storage.ts';

type Started = { storage: FileStorage; close(): Promise<void> };

const implementations: [string, () => Promise<Started>][] = [
  ['disk', async () => ({ storage: createDiskStorage(mkdtempSync(path.join(tmpdir(), 'parley-files-'))), close: async () => {} })],
  [
    's3 (s3rver)',
    async () => {
      const s3 = await startS3Server();
      const storage = createS3Storage({ endpoint: s3.endpoint, bucket: 'parley-files', region: 'us-east-1', accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER', forcePathStyle: true });
      return { storage, close: () => s3.close() };
    },
  ],
];

describe.each(implementations)('%s file storage', (_name, start) => {
  let started: Started;
  beforeAll(async () => {
    started = await start();
  });
  afterAll(() => started.close());

  it('stores, reads back and deletes bytes under an owner key', async () => {
    const data = Buffer.from([0, 1, 2, 250, 255]);
    await started.storage.put('owner-1/file-1', data, 'application/octet-stream');
    expect((await started.storage.get('owner-1/file-1'))?.equals(data)).toBe(true);
    await started.storage.delete('owner-1/file-1');
    expect(await started.storage.get('owner-1/file-1')).toBeUndefined();
  });

  it('answers undefined for a missing key and deletes a missing key quietly', async () => {
    expect(await started.storage.get('owner-1/never-stored')).toBeUndefined();
    await expect(started.storage.delete('owner-1/never-stored')).resolves.toBeUndefined();
  });

  it('overwrites a key (a thumbnail written again)', async () => {
    await started.storage.put('owner-2/file.thumb', Buffer.from('first'), 'image/webp');
    await started.storage.put('owner-2/file.thumb', Buffer.from('second'), 'image/webp');
    expect((await started.storage.get('owner-2/file.thumb'))?.toString()).toBe('second');
  });
});

describe('disk storage keys', () => {
  it('refuses a key that could leave the files folder', async () => {
    const storage = createDiskStorage(mkdtempSync(path.join(tmpdir(), 'parley-files-')));
    await expect(storage.put('../escape', Buffer.from('x'), 'text/plain')).rejects.toThrow(/invalid storage key/);
    await expect(storage.get('owner/../../etc')).rejects.toThrow(/invalid storage key/);
  });
});

describe('s3 storage signing', () => {
  it('is refused by the server with an unknown access key', async () => {
    const s3 = await startS3Server();
    try {
      const storage = createS3Storage({ endpoint: s3.endpoint, bucket: 'parley-files', region: 'us-east-1', accessKeyId: 'NOBODY', secretAccessKey: 'S3RVER', forcePathStyle: true });
      await expect(storage.put('o/f', Buffer.from('x'), 'text/plain')).rejects.toThrow(/answered 403/);
    } finally {
      await s3.close();
    }
  });
});
