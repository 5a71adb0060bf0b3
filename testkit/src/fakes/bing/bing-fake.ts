import { WebSocketServer, type WebSocket } from 'ws';
import { startFakeServer, tinyPngBase64, type FakeUpstream } from '../fake-server.ts';
import { copilotHandshakeRefusal, createCopilotConversation, serveCopilotSocket, type CopilotConversation } from './copilot-fake.ts';
import { createSydneyConversation, serveSydneyHub, sydneyHandshakeRefusal, type SydneyConversation } from './sydney-fake.ts';

export interface BingFake extends FakeUpstream {
  /** The key (token or `_U` value) the fake accepts. */
  validKey: string;
  copilot: Map<string, CopilotConversation>;
  sydney: Map<string, SydneyConversation>;
}

export interface BingFakeOptions {
  /** Sydney signs as newer hosts did (the `X-Sydney-EncryptedConversationSignature` header); default true. */
  encryptedSignature?: boolean;
}

/**
 * One host speaking both protocols of the bingAI endpoint, each as strictly as the real one:
 * Microsoft Copilot (`/c/api/conversations`, the `/c/api/chat` socket) and Bing Chat's Sydney
 * (`/turing/conversation/create`, the `/sydney/ChatHub` hub). Scripted replies (`FakeReply` with
 * `bing`) are taken by the Copilot mode or the Sydney tone option set as `model`; with none the
 * answer echoes the question (Copilot adds the upstream conversation's turn number).
 */
export async function startBingFake(options: BingFakeOptions = {}): Promise<BingFake> {
  const validKey = 'bing-testkit-key';
  const encrypted = options.encryptedSignature ?? true;
  const copilot = new Map<string, CopilotConversation>();
  const sydney = new Map<string, SydneyConversation>();
  const sockets = new WebSocketServer({ noServer: true });
  const open = new Set<WebSocket>();
  let pictureUrl = '';

  const fake = await startFakeServer(
    (ctx) => {
      if (ctx.url.pathname === '/c/api/conversations') return createCopilotConversation(ctx, validKey, copilot);
      if (ctx.url.pathname === '/turing/conversation/create') return createSydneyConversation(ctx, validKey, sydney, encrypted);
      if (ctx.url.pathname === '/images/generated.png') {
        ctx.res.writeHead(200, { 'content-type': 'image/png' });
        return void ctx.res.end(Buffer.from(tinyPngBase64, 'base64'));
      }
      ctx.res.writeHead(404, { 'content-type': 'text/plain' });
      ctx.res.end('Not Found');
    },
    (upgrade) => {
      const path = upgrade.url.pathname;
      const refusal =
        path === '/c/api/chat'
          ? copilotHandshakeRefusal(upgrade, validKey)
          : path === '/sydney/ChatHub'
            ? sydneyHandshakeRefusal(upgrade, sydney, encrypted)
            : 'HTTP/1.1 404 Not Found\r\n\r\n';
      if (refusal) {
        upgrade.socket.end(refusal.replace('\r\n\r\n', `\r\ncontent-length: ${Buffer.byteLength(refusal.split('\r\n\r\n')[1] ?? '')}\r\nconnection: close\r\n\r\n`));
        return;
      }
      sockets.handleUpgrade(upgrade.req, upgrade.socket, upgrade.head, (ws) => {
        open.add(ws);
        ws.on('close', () => open.delete(ws));
        if (path === '/c/api/chat') serveCopilotSocket(ws, upgrade, copilot, pictureUrl);
        else serveSydneyHub(ws, upgrade, sydney);
      });
    },
  );
  pictureUrl = `${fake.url}/images/generated.png`;
  return {
    ...fake,
    validKey,
    copilot,
    sydney,
    async close() {
      for (const ws of open) ws.terminate();
      sockets.close();
      await fake.close();
    },
  };
}
