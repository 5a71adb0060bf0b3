import { describe, expect, it } from 'vitest';
import { decryptSecret, DecryptError, encryptSecret } from './secret-box.ts';

const key = 'a1'.repeat(32);
const otherKey = 'b2'.repeat(32);

describe('secret box (AES-256-GCM)', () => {
  it('round-trips text, including non-ASCII and JSON key files', () => {
    for (const secret of ['sk-abc', '密钥🔑', JSON.stringify({ client_email: 'a@b.c', private_key: 'x'.repeat(2000) })]) {
      expect(decryptSecret(key, encryptSecret(key, secret))).toBe(secret);
    }
  });

  it('never stores the plaintext and uses a fresh 12-byte IV each time', () => {
    const a = encryptSecret(key, 'sk-same-value');
    const b = encryptSecret(key, 'sk-same-value');
    expect(a).not.toBe(b);
    expect(Buffer.from(a, 'base64').subarray(0, 12)).not.toEqual(Buffer.from(b, 'base64').subarray(0, 12));
    expect(Buffer.from(a, 'base64').toString('utf8')).not.toContain('sk-same-value');
  });

  it('detects a flipped bit anywhere: IV, tag or ciphertext', () => {
    const sealed = Buffer.from(encryptSecret(key, 'sk-tamper-me'), 'base64');
    for (const at of [0, 12, sealed.length - 1]) {
      const bad = Buffer.from(sealed);
      bad[at]! ^= 1;
      expect(() => decryptSecret(key, bad.toString('base64'))).toThrow(DecryptError);
    }
  });

  it('refuses the wrong key, a different context and a truncated value', () => {
    const sealed = encryptSecret(key, 'sk-bound', 'user-1:openAI');
    expect(decryptSecret(key, sealed, 'user-1:openAI')).toBe('sk-bound');
    expect(() => decryptSecret(otherKey, sealed, 'user-1:openAI')).toThrow(DecryptError);
    expect(() => decryptSecret(key, sealed, 'user-2:openAI')).toThrow(DecryptError);
    expect(() => decryptSecret(key, sealed.slice(0, 20))).toThrow(DecryptError);
  });

  it('rejects a key that is not 32 bytes', () => {
    expect(() => encryptSecret('abcd', 'x')).toThrow(/32 bytes/);
  });
});
