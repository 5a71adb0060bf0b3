import { AwsClient } from 'aws4fetch';
import type { FileStorage } from './file-storage.ts';

export interface S3Options {
  /** An S3-compatible server (MinIO, R2, …); AWS S3 of `region` when absent. */
  endpoint?: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** `<endpoint>/<bucket>/<key>` instead of `<bucket>.<host>/<key>`, as most self-hosted servers want. */
  forcePathStyle: boolean;
}

const REQUEST_TIMEOUT_MS = 60_000;

/** Objects in one bucket, signed with SigV4. The endpoint is the operator's, so it is called directly. */
export function createS3Storage(options: S3Options): FileStorage {
  const client = new AwsClient({
    accessKeyId: options.accessKeyId,
    secretAccessKey: options.secretAccessKey,
    region: options.region,
    service: 's3',
  });
  const base = new URL(options.endpoint ?? `https://s3.${options.region}.amazonaws.com`);
  const urlOf = (key: string) => {
    const path = key.split('/').map(encodeURIComponent).join('/');
    if (options.forcePathStyle) return `${base.origin}/${options.bucket}/${path}`;
    return `${base.protocol}//${options.bucket}.${base.host}/${path}`;
  };
  const call = async (key: string, init: RequestInit, okStatuses: number[]) => {
    const response = await client.fetch(urlOf(key), { ...init, signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
    if (!response.ok && !okStatuses.includes(response.status)) {
      const detail = (await response.text()).slice(0, 300);
      throw new Error(`S3 ${init.method} ${key} answered ${response.status}: ${detail}`);
    }
    return response;
  };
  return {
    kind: 's3',
    async put(key, data, contentType) {
      const response = await call(key, { method: 'PUT', body: new Uint8Array(data), headers: { 'content-type': contentType } }, []);
      await response.arrayBuffer();
    },
    async get(key) {
      const response = await call(key, { method: 'GET' }, [404]);
      if (response.status === 404) {
        await response.arrayBuffer();
        return undefined;
      }
      return Buffer.from(await response.arrayBuffer());
    },
    async delete(key) {
      const response = await call(key, { method: 'DELETE' }, [404]);
      await response.arrayBuffer();
    },
  };
}
