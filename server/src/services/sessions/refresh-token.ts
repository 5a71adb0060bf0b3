import { createHash, randomBytes } from 'node:crypto';

/** 32 random bytes: unguessable, so a fast hash is enough to keep the stored copy useless to a thief. */
export function newOpaqueToken(): string {
  return randomBytes(32).toString('base64url');
}

export function sha256(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
