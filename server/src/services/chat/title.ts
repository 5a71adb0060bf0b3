import type { ChatProvider, ChatRequest } from '../../providers/types.ts';

/** A title call that takes longer than this gives way to the fallback. */
const TITLE_TIMEOUT_MS = 5000;
const TITLE_MAX_CHARS = 80;
const FALLBACK_WORDS = 6;

const instruction =
  'Write a short title (at most 7 words) for the conversation below, in its language. Reply with the title only, without quotes.';

/** The first words of the user's text: the title when the model gives none in time. */
export function fallbackTitle(userText: string): string {
  const words = userText.trim().split(/\s+/).slice(0, FALLBACK_WORDS).join(' ');
  return words.length > TITLE_MAX_CHARS ? `${words.slice(0, TITLE_MAX_CHARS - 1)}…` : words || 'New Chat';
}

function cleanTitle(raw: string): string {
  return raw
    .replace(/\s+/g, ' ')
    .replace(/^(title:\s*)/i, '')
    .replace(/^["'“”«»]+|["'“”«».]+$/g, '')
    .trim()
    .slice(0, TITLE_MAX_CHARS);
}

/**
 * Asks the conversation's own provider for a title with a small, bounded call; any failure,
 * timeout or empty answer falls back to the first words of the user's text.
 */
export async function generateTitle(
  provider: ChatProvider,
  base: Pick<ChatRequest, 'model' | 'apiKey' | 'baseURL'>,
  exchange: { userText: string; replyText: string },
  timeoutMs = TITLE_TIMEOUT_MS,
): Promise<string> {
  const request: ChatRequest = {
    ...base,
    options: { temperature: 0.2 },
    messages: [
      { role: 'system', content: instruction },
      { role: 'user', content: `User: ${exchange.userText.slice(0, 2000)}\n\nAssistant: ${exchange.replyText.slice(0, 2000)}` },
    ],
  };
  const signal = AbortSignal.timeout(timeoutMs);
  let text = '';
  try {
    for await (const event of provider.stream(request, signal)) {
      if (event.type === 'text') text += event.delta;
      if (text.length > TITLE_MAX_CHARS * 4) break;
    }
  } catch {
    return fallbackTitle(exchange.userText);
  }
  return cleanTitle(text) || fallbackTitle(exchange.userText);
}
