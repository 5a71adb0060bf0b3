import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * For DOM tests: starts `server` on 127.0.0.1 and moves happy-dom's page onto it at `pagePath`,
 * so the app's relative API paths reach it, as the app's origin is Parley's.
 */
export async function listenAsPage(server: Server, pagePath = '/chat/new'): Promise<Server> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  (window as unknown as { happyDOM: { setURL(url: string): void } }).happyDOM.setURL(`http://127.0.0.1:${(server.address() as AddressInfo).port}${pagePath}`);
  return server;
}
