import path from 'node:path';
import type { Env } from '../../config/env.ts';
import { createDiskStorage } from './disk-storage.ts';
import { createS3Storage } from './s3-storage.ts';

/** Where file bytes live: one interface for the local disk and an S3-compatible bucket. */
export interface FileStorage {
  readonly kind: 'disk' | 's3';
  put(key: string, data: Buffer, contentType: string): Promise<void>;
  /** The stored bytes, or undefined when nothing is stored under the key. */
  get(key: string): Promise<Buffer | undefined>;
  /** Removes the object; a missing one is not an error. */
  delete(key: string): Promise<void>;
}

/** The bucket when `S3_BUCKET` is set, otherwise `DATA_DIR/files`. */
export function createFileStorage(env: Env): FileStorage {
  if (env.S3_BUCKET) {
    return createS3Storage({
      endpoint: env.S3_ENDPOINT,
      bucket: env.S3_BUCKET,
      region: env.S3_REGION,
      accessKeyId: env.S3_ACCESS_KEY_ID ?? '',
      secretAccessKey: env.S3_SECRET_ACCESS_KEY ?? '',
      forcePathStyle: env.S3_FORCE_PATH_STYLE,
    });
  }
  return createDiskStorage(path.resolve(env.DATA_DIR, 'files'));
}

/** A stored file's key: under its owner, so one user's files never share a folder with another's. */
export const storageKey = (owner: string, id: string, variant: '' | '.thumb' = '') => `${owner}/${id}${variant}`;

// This module's part of the AppContext (app/ names nothing above it; root/create-context.ts builds it).
declare module '../../app/context.ts' {
  interface AppContext {
    /** Uploaded and generated files' bytes: DATA_DIR/files, or the S3 bucket. */
    files: FileStorage;
  }
}
