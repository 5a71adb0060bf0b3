import { randomBytes } from 'node:crypto';
import http from 'node:http';
import { ROOT_PARENT_ID } from '@parley/core';
import { describe, expect, it } from 'vitest';
import { listenTestApp } from '../test-support/chat-stack.ts';
import { createConversation } from '../services/conversations/conversation-store.ts';
import { upsertMessage } from '../services/messages/message-store.ts';
import { bufferLogger } from '../test-support/buffer-logger.ts';

const levels = (lines: string[]) => lines.map((line) => JSON.parse(line) as { level: number; msg?: string; err?: { message: string } });

describe('the process logger', () => {
  it('logs errors at error level, but a client that left at debug level', () => {
    const { lines, log } = bufferLogger();
    log.error(new Error('the database is gone'));
    log.error(new Error('premature close'));
    expect(levels(lines).map(({ level, msg, err }) => [level, msg, err?.message])).toEqual([
      [50, 'the database is gone', 'the database is gone'],
      [20, 'the client left before its answer was sent', 'premature close'],
    ]);
  });

  it('writes no error line when a client leaves while a large compressed answer is sent', async () => {
    const { lines, log } = bufferLogger();
    const t = await listenTestApp('pglite', {}, { log });
    try {
      const alice = await t.signUp();
      const base = { conversationId: 'big', userId: alice.userId, endpoint: 'openAI', model: 'gpt-4o', sender: 'User', isCreatedByUser: true };
      await createConversation(t.ctx.db, { conversationId: 'big', userId: alice.userId, endpoint: 'openAI', model: 'gpt-4o', options: {} });
      // 2 MB of text that does not compress away, so the answer leaves in many pieces.
      for (let i = 0; i < 100; i++) {
        await upsertMessage(t.ctx.db, { ...base, id: `m${i}`, parentMessageId: i === 0 ? ROOT_PARENT_ID : `m${i - 1}`, text: randomBytes(10_000).toString('hex') });
      }
      lines.length = 0;
      await new Promise<void>((resolve, reject) => {
        const request = http.get(`${t.url}/api/messages/big`, { headers: { ...alice.headers, 'accept-encoding': 'gzip' } }, (response) => {
          expect(response.headers['content-encoding']).toBe('gzip');
          response.once('data', () => {
            request.destroy();
            resolve();
          });
        });
        request.on('error', (error) => (request.destroyed ? undefined : reject(error)));
      });
      await expect.poll(() => levels(lines).some((line) => line.err?.message === 'premature close'), { timeout: 5000 }).toBe(true);
      expect(levels(lines).filter((line) => line.level >= 50)).toEqual([]);
    } finally {
      await t.close();
    }
  });
});
