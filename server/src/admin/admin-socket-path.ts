import path from 'node:path';

/**
 * The running server's admin channel: a unix socket in a 0700 directory of DATA_DIR, itself 0600,
 * so only the operator's account (the one running the server) can reach it.
 */
export function adminSocketPath(dataDir: string): string {
  return path.join(path.resolve(dataDir), 'admin', 'admin.sock');
}

/** One command per connection: a JSON line `{argv}` in, a JSON line back. */
export interface AdminRequest {
  argv: string[];
}
export type AdminResponse = { ok: true; output: string } | { ok: false; error: string };

/** Longest request line accepted; a command line is far shorter. */
export const ADMIN_MAX_REQUEST_BYTES = 64 * 1024;
