// The token worker's thread (started by token-worker-start.ts): it decodes the ranks once and
// answers each count in the order asked, so neither the decoding nor the counting's garbage ever
// reaches the server's event loop or heap.
import { parentPort, type MessagePort } from 'node:worker_threads';
import { countCl100k, loadCl100k } from './cl100k.ts';

export interface TokenCountRequest {
  id: number;
  text: string;
}

export type TokenCountAnswer = { id: number; count: number } | { id: number; error: string };

function serve(port: MessagePort) {
  const cl100k = loadCl100k();
  port.on('message', async ({ id, text }: TokenCountRequest) => {
    let answer: TokenCountAnswer;
    try {
      answer = { id, count: countCl100k(await cl100k, text) };
    } catch (error) {
      // Only the count that asked fails; the worker goes on with the next.
      answer = { id, error: error instanceof Error ? error.message : String(error) };
    }
    port.postMessage(answer);
  });
}

if (!parentPort) throw new Error('token-worker runs as a worker thread; start it with startTokenWorker()');
serve(parentPort);
