import { expect, type APIRequestContext } from '@playwright/test';

/**
 * Builds conversations through Parley's own API, for journeys that need history to search or
 * export rather than the act of chatting. With nothing scripted, the provider fakes answer
 * "Echo: <the user's text>", so every reply is known in advance.
 */

export interface AskResult {
  conversationId: string;
  requestId: string;
  replyId: string;
}

/** The access token of the session the browser context holds (its refresh cookie is shared with `request`). */
export async function accessToken(request: APIRequestContext): Promise<string> {
  const response = await request.post('/api/auth/refresh');
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { token: string }).token;
}

/** One `POST /api/ask/openAI`, read to its final event. */
export async function ask(request: APIRequestContext, token: string, body: Record<string, unknown>): Promise<AskResult> {
  const response = await request.post('/api/ask/openAI', {
    headers: { authorization: `Bearer ${token}` },
    data: { endpoint: 'openAI', model: 'gpt-3.5-turbo', ...body },
  });
  const text = await response.text();
  expect(response.status(), text).toBe(200);
  const final = text
    .split('\n')
    .filter((line) => line.startsWith('data: '))
    .map((line) => JSON.parse(line.slice(6)) as { final?: boolean; conversation?: { conversationId: string }; requestMessage?: { messageId: string }; responseMessage?: { messageId: string } })
    .find((frame) => frame.final);
  if (!final) throw new Error(`no final event in the stream:\n${text}`);
  return { conversationId: final.conversation!.conversationId, requestId: final.requestMessage!.messageId, replyId: final.responseMessage!.messageId };
}

/** A conversation of one branch: each text asked after the previous reply. Answers the turns in order. */
export async function seedConversation(request: APIRequestContext, token: string, texts: readonly string[]): Promise<AskResult[]> {
  const turns: AskResult[] = [];
  for (const text of texts) {
    const previous = turns.at(-1);
    turns.push(await ask(request, token, previous ? { text, conversationId: previous.conversationId, parentMessageId: previous.replyId } : { text }));
  }
  return turns;
}

/** Renames a conversation (`POST /api/convos/update`). */
export async function renameConversation(request: APIRequestContext, token: string, conversationId: string, title: string): Promise<void> {
  const response = await request.post('/api/convos/update', { headers: { authorization: `Bearer ${token}` }, data: { arg: { conversationId, title } } });
  expect(response.status(), await response.text()).toBe(200);
}
