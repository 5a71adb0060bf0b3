import { createHash, randomBytes, randomUUID } from 'node:crypto';
import pg from 'pg';

/**
 * An access key with `quota` minted straight into the bench's database (the admin command's rows:
 * the key's own owner row, the key as its SHA-256), for the gateway bench's calls.
 */
export async function mintBenchKey(databaseUrl: string, quota: number): Promise<string> {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
  const key = `sk-${Array.from(randomBytes(48), (byte) => alphabet[byte % alphabet.length]).join('')}`;
  const keyId = randomUUID();
  const userId = randomUUID();
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query(`INSERT INTO users (id, name, email, provider, provider_id) VALUES ($1, 'Bench key', $2, 'access-key', $3)`, [userId, `key-${keyId}@keys.parley.invalid`, keyId]);
    await client.query(`INSERT INTO access_keys (id, user_id, key_hash, prefix, quota) VALUES ($1, $2, $3, $4, $5)`, [
      keyId,
      userId,
      createHash('sha256').update(key).digest('hex'),
      key.slice(0, 7),
      quota,
    ]);
  } finally {
    await client.end();
  }
  return key;
}
