import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startParleyChild, type ParleyChild } from '../test-support/parley-child.ts';
import { adminSocketPath } from './admin-socket-path.ts';

const run = promisify(execFile);
const cli = path.join(path.dirname(fileURLToPath(import.meta.url)), '../cli.ts');
const tsx = path.join(path.dirname(fileURLToPath(import.meta.url)), '../../../node_modules/.bin/tsx');

describe('npm run admin against a running server on PGlite in ACCESS_MODE=keys (no accounts)', () => {
  let child: ParleyChild;
  let dataDir: string;
  const admin = async (...argv: string[]) => {
    const { stdout } = await run(tsx, [cli, ...argv], { env: { ...process.env, DATA_DIR: dataDir, ACCESS_MODE: 'keys' }, cwd: dataDir });
    return stdout.trim();
  };
  const api = (keyOrToken: string, route: string) => fetch(`${child.url}${route}`, { headers: { authorization: `Bearer ${keyOrToken}` } });

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'parley-admin-'));
    child = await startParleyChild({ DATA_DIR: dataDir, ACCESS_MODE: 'keys', CHECK_BALANCE: 'true' });
    // The channel opens once the migrations are applied, just after the health answer.
    await vi.waitFor(() => expect(existsSync(adminSocketPath(dataDir))).toBe(true), { timeout: 30_000, interval: 50 });
  }, 180_000);
  afterAll(() => child?.stop());

  it('offers its admin socket to the operator only (0600 in a 0700 directory)', () => {
    const socket = adminSocketPath(dataDir);
    expect(statSync(socket).mode & 0o777).toBe(0o600);
    expect(statSync(path.dirname(socket)).mode & 0o777).toBe(0o700);
  });

  it('mints, lists, tops up and revokes keys while the server holds the database', { timeout: 120_000 }, async () => {
    const created = await admin('key:create', '--quota', '25', '--days', '30', '--note', 'for Ada');
    const key = created.split('\n').at(-1)!;
    expect(key).toMatch(/^sk-[A-Za-z0-9]{48}$/);
    expect(await (await api(key, '/api/balance')).json()).toEqual({ balance: 25, unit: 'quota' });

    const listed = await admin('key:list');
    expect(listed).toContain(`${key.slice(0, 7)}…\tactive\t25\t0`);
    expect(listed).toContain('for Ada');
    expect(listed).not.toContain(key);

    expect(await admin('key:add-quota', key.slice(0, 7), '75')).toContain('it now has 100');
    expect(await (await api(key, '/api/balance')).json()).toEqual({ balance: 100, unit: 'quota' });

    expect(await admin('key:revoke', key)).toContain('Revoked');
    expect((await api(key, '/api/balance')).status).toBe(401);
    expect(await admin('key:list')).toContain(`${key.slice(0, 7)}…\trevoked`);
  });

  it('adds token credits to an account, and refuses bad input with a message', { timeout: 120_000 }, async () => {
    await admin('user:create', '--email', 'ada@example.com', '--name', 'Ada', '--password', 'correct horse battery');
    expect(await admin('user:add-balance', '--email', 'ada@example.com', '500')).toContain('the balance is now 20500');
    await expect(admin('key:create')).rejects.toThrow(/--quota is required/);
    await expect(admin('key:revoke', 'sk-zzzz')).rejects.toThrow(/No key has the prefix sk-zzzz/);
  });
});
