import { chmodSync, existsSync, mkdirSync, unlinkSync } from 'node:fs';
import { connect, createServer, type Socket } from 'node:net';
import path from 'node:path';
import type { AppContext } from '../app/context.ts';
import { runAdminCommand } from '../services/users/admin-commands.ts';
import { AdminError } from '../services/users/user-admin.ts';
import { ADMIN_MAX_REQUEST_BYTES, type AdminRequest, type AdminResponse } from './admin-socket-path.ts';

/** A connection that sends no full command in this time is dropped. */
const IDLE_MS = 30_000;

/** Whether a live server answers on the socket (a stale file left by a crash does not). */
function answers(socketPath: string): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = connect(socketPath);
    probe.once('connect', () => {
      probe.destroy();
      resolve(true);
    });
    probe.once('error', () => resolve(false));
  });
}

function parseRequest(line: string): AdminRequest | undefined {
  try {
    const value = JSON.parse(line) as { argv?: unknown };
    return Array.isArray(value.argv) && value.argv.every((a) => typeof a === 'string') ? { argv: value.argv as string[] } : undefined;
  } catch {
    return undefined;
  }
}

async function serve(ctx: AppContext, socket: Socket) {
  let buffered = '';
  socket.setEncoding('utf8');
  socket.setTimeout(IDLE_MS, () => socket.destroy());
  const reply = (response: AdminResponse) => socket.end(`${JSON.stringify(response)}\n`);
  socket.on('error', (error) => ctx.log.warn({ err: error }, 'admin channel connection failed'));
  socket.on('data', (chunk: string) => {
    buffered += chunk;
    if (buffered.length > ADMIN_MAX_REQUEST_BYTES) return reply({ ok: false, error: 'request too large' });
    const end = buffered.indexOf('\n');
    if (end < 0) return;
    socket.removeAllListeners('data');
    const request = parseRequest(buffered.slice(0, end));
    if (!request) return reply({ ok: false, error: 'malformed request' });
    runAdminCommand(ctx.db, request.argv, { publicUrl: ctx.env.PUBLIC_URL, startBalance: ctx.env.START_BALANCE, channels: ctx.channels })
      .then((output) => {
        ctx.log.info({ command: request.argv[0] }, 'admin command run');
        reply({ ok: true, output });
      })
      .catch((error: unknown) => {
        const known = error instanceof AdminError || (error as { code?: string }).code?.startsWith('ERR_PARSE_ARGS');
        if (!known) ctx.log.error({ err: error, command: request.argv[0] }, 'admin command failed');
        reply({ ok: false, error: known ? (error as Error).message : 'The command failed; the server log says why.' });
      });
  });
}

/**
 * Serves admin commands to local operators while the server runs: the embedded PGlite can only
 * be opened by one process, so `npm run admin` hands its command to the server that holds it
 * (on PostgreSQL too, so the commands behave the same everywhere). Answers a function that
 * closes the channel and removes the socket.
 */
export async function startAdminChannel(ctx: AppContext, socketPath: string): Promise<() => Promise<void>> {
  const dir = path.dirname(socketPath);
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  chmodSync(dir, 0o700);
  if (existsSync(socketPath)) {
    if (await answers(socketPath)) {
      ctx.log.warn({ socketPath }, 'another server answers on the admin socket; this one offers none');
      return async () => undefined;
    }
    unlinkSync(socketPath);
  }
  const server = createServer((socket) => void serve(ctx, socket));
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(socketPath, () => resolve());
  });
  chmodSync(socketPath, 0o600);
  ctx.log.info({ socketPath }, 'admin channel ready (npm run admin)');
  return () =>
    new Promise<void>((resolve) => {
      server.close(() => resolve());
    });
}
