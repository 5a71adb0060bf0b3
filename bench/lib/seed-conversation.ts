import http from 'node:http';
import { ROOT_PARENT_ID } from '@parley/core';
import type { FakeReply } from '@parley/testkit';
import { postEventStream } from './sse-client.ts';

export interface SeededConversation {
  conversationId: string;
  /** The id of the newest reply: the last message of the shown branch. */
  lastMessageId: string;
}

const topics = ['caching', 'indexes', 'retries', 'backpressure', 'migrations', 'feature flags', 'timeouts', 'pagination'];

/** A reply of a few hundred characters with the markdown people get from a model: a list, bold, code. */
function replyText(turn: number): string {
  const topic = topics[turn % topics.length]!;
  const lines = [
    `Here is how **${topic}** fits turn ${turn}: keep it simple and measure before changing anything.`,
    '',
    `- First, write down what "good" means for ${topic}.`,
    `- Then change one thing at a time and compare against the baseline.`,
    '',
  ];
  if (turn % 5 === 0) lines.push('```ts', `export const limit${turn} = ${turn * 3};`, '```', '');
  lines.push(`That keeps \`${topic}\` predictable as the system grows.`);
  return lines.join('\n');
}

/**
 * Builds a conversation of `messages` messages (alternating user and reply) through
 * `POST /api/ask/openAI`, the way a user would, with scripted replies from the OpenAI fake.
 * Each turn answers under the previous reply, so the shown branch holds every message.
 */
export async function seedConversation(
  parleyUrl: string,
  token: string,
  fake: { enqueue(...replies: FakeReply[]): void },
  messages: number,
): Promise<SeededConversation> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  let conversationId: string | null = null;
  let parentMessageId = ROOT_PARENT_ID;
  try {
    for (let turn = 0; turn < messages / 2; turn++) {
      fake.enqueue({ chunks: [replyText(turn)] });
      // A new conversation also asks the fake for its title; that call gets its own reply.
      if (conversationId === null) fake.enqueue({ chunks: ['Seeded conversation'] });
      let final: { conversationId: string; messageId: string } | undefined;
      let failure: string | undefined;
      await postEventStream({
        url: `${parleyUrl}/api/ask/openAI`,
        agent,
        headers: { authorization: `Bearer ${token}` },
        body: { text: `Question ${turn}: how should I approach ${topics[turn % topics.length]}?`, conversationId, parentMessageId, endpoint: 'openAI', model: 'gpt-4o-mini' },
        onFrame(frame) {
          if (frame.event === 'error') failure = frame.data;
          const data = JSON.parse(frame.data) as { final?: true; responseMessage?: { conversationId: string; messageId: string } };
          if (data.final && data.responseMessage) final = data.responseMessage;
        },
      });
      if (!final) throw new Error(`seeding turn ${turn} ended without a final frame${failure ? `: ${failure}` : ''}`);
      conversationId = final.conversationId;
      parentMessageId = final.messageId;
    }
  } finally {
    agent.destroy();
  }
  return { conversationId: conversationId!, lastMessageId: parentMessageId };
}
