import { connect } from 'node:net';
import type { AdminResponse } from './admin-socket-path.ts';

/** No running server holds the socket: the command may open the database itself. */
export class NoServerError extends Error {}

/** Sends one command to the running server's admin channel and answers its response. */
export function sendAdminCommand(socketPath: string, argv: string[], timeoutMs = 60_000): Promise<AdminResponse> {
  return new Promise((resolve, reject) => {
    let answer = '';
    const socket = connect(socketPath);
    socket.setEncoding('utf8');
    socket.setTimeout(timeoutMs, () => socket.destroy(new Error(`the server did not answer within ${timeoutMs / 1000} s`)));
    socket.once('connect', () => socket.write(`${JSON.stringify({ argv })}\n`));
    socket.on('data', (chunk: string) => (answer += chunk));
    socket.once('error', (error: NodeJS.ErrnoException) => {
      reject(error.code === 'ENOENT' || error.code === 'ECONNREFUSED' ? new NoServerError(error.message) : error);
    });
    socket.once('end', () => {
      try {
        resolve(JSON.parse(answer) as AdminResponse);
      } catch {
        reject(new Error('the server closed the admin channel without an answer'));
      }
    });
  });
}
