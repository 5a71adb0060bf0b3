import { createHash, randomInt } from 'node:crypto';
import { ACCESS_KEY_BODY_LENGTH, ACCESS_KEY_PREFIX_LENGTH } from '@parley/core';

const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** A new key: `sk-` + 48 letters or digits, each drawn uniformly from the CSPRNG (286 bits). */
export function generateAccessKey(): string {
  let body = '';
  for (let i = 0; i < ACCESS_KEY_BODY_LENGTH; i++) body += alphabet[randomInt(alphabet.length)];
  return `sk-${body}`;
}

/** Keys are stored as their SHA-256 only: 286 random bits need no slow hash. */
export function hashAccessKey(key: string): string {
  return createHash('sha256').update(key).digest('hex');
}

/** The part kept in clear to show a key and to name it in admin commands (`sk-Ab3d`). */
export function accessKeyPrefix(key: string): string {
  return key.slice(0, ACCESS_KEY_PREFIX_LENGTH);
}
