import { randomBytes, scrypt, scryptSync, timingSafeEqual, createHash } from 'node:crypto';

/** ADMIN_PASSWORD as the process keeps it: a salted scrypt hash, never the password itself. */
export interface OperatorPasswordHash {
  readonly salt: Buffer;
  readonly hash: Buffer;
  /** Changes with the password: operator sessions signed under an older one end. */
  readonly version: string;
  toJSON(): string;
}

const KEY_LENGTH = 32;

/** Hashes the operator password once, when the configuration is read at start. */
export function hashOperatorPassword(password: string): OperatorPasswordHash {
  const salt = randomBytes(16);
  const hash = scryptSync(password, salt, KEY_LENGTH);
  const version = createHash('sha256').update(hash).digest('base64url').slice(0, 12);
  // Printed or serialised, the configuration shows that a password is set and nothing of it.
  return { salt, hash, version, toJSON: () => '[set]' };
}

/** Whether `candidate` is the operator password, in constant time (scrypt runs off the event loop). */
export async function verifyOperatorPassword(stored: OperatorPasswordHash, candidate: string): Promise<boolean> {
  const derived = await new Promise<Buffer>((resolve, reject) =>
    scrypt(candidate, stored.salt, KEY_LENGTH, (error, key) => (error ? reject(error) : resolve(key))),
  );
  return timingSafeEqual(derived, stored.hash);
}
