import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

const ivBytes = 12;
const tagBytes = 16;

export class DecryptError extends Error {}

function keyOf(hexKey: string): Buffer {
  const key = Buffer.from(hexKey, 'hex');
  if (key.length !== 32) throw new Error('CREDS_KEY must be 32 bytes (64 hex characters)');
  return key;
}

/**
 * AES-256-GCM with a fresh random 12-byte IV per call; the result is base64 of
 * iv ‖ tag ‖ ciphertext, the format of the `ciphertext` columns. `context` (for example the
 * owner and endpoint of a key) is authenticated but not stored, so a row copied onto another
 * user or endpoint no longer decrypts.
 */
export function encryptSecret(hexKey: string, plaintext: string, context = ''): string {
  const iv = randomBytes(ivBytes);
  const cipher = createCipheriv('aes-256-gcm', keyOf(hexKey), iv, { authTagLength: tagBytes });
  cipher.setAAD(Buffer.from(context, 'utf8'));
  const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64');
}

/** Reverses `encryptSecret`; any tampering with the data, the context or the key throws `DecryptError`. */
export function decryptSecret(hexKey: string, sealed: string, context = ''): string {
  const raw = Buffer.from(sealed, 'base64');
  if (raw.length < ivBytes + tagBytes) throw new DecryptError('sealed secret is too short');
  const decipher = createDecipheriv('aes-256-gcm', keyOf(hexKey), raw.subarray(0, ivBytes), { authTagLength: tagBytes });
  decipher.setAAD(Buffer.from(context, 'utf8'));
  decipher.setAuthTag(raw.subarray(ivBytes, ivBytes + tagBytes));
  try {
    return Buffer.concat([decipher.update(raw.subarray(ivBytes + tagBytes)), decipher.final()]).toString('utf8');
  } catch {
    throw new DecryptError('sealed secret failed authentication');
  }
}
