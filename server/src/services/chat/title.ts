import type { ChatProvider, ChatRequest } from '../../providers/types.ts';

/** A title call that takes longer than this gives way to the fallback. */
const TITLE_TIMEOUT_MS = 5000;
const TITLE_MAX_CHARS = 60;
/** Output cap of the title call: a 60-character title in any script, with room for a stray label. */
export const TITLE_MAX_TOKENS = 64;
const FALLBACK_WORDS = 6;

const instruction =
  'Write a short title (at most 7 words) for the conversation below, in the language the user writes in. Reply with the title only: plain text, no quotes, no markdown.';

/** Cuts to the title length on a character (not UTF-16 unit) boundary, with an ellipsis when cut. */
function clip(text: string): string {
  const chars = [...text];
  return chars.length > TITLE_MAX_CHARS ? `${chars.slice(0, TITLE_MAX_CHARS - 1).join('').trimEnd()}…` : text;
}

/** The first words of the user's text: the title when the model gives none in time. */
export function fallbackTitle(userText: string): string {
  const words = stripMarkdown(userText).split(/\s+/).slice(0, FALLBACK_WORDS).join(' ');
  return clip(words) || 'New Chat';
}

/** Markdown a model may wrap a title in: headings, emphasis, code, links, list markers. */
function stripMarkdown(raw: string): string {
  return raw
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/^\s*(#{1,6}|[-*+>]|\d+[.)])\s+/gm, '')
    .replace(/(\*\*|__|\*|_|~~|`+)/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}

/** A model's answer as a title: plain text on one line, no label or quotes, at most 60 characters. */
export function cleanTitle(raw: string): string {
  const text = stripMarkdown(raw)
    .replace(/^(title|标题|titre|titel|título|タイトル)\s*[:：]\s*/i, '')
    .replace(/^["'“”‘’«»「」]+|["'“”‘’«»「」.。]+$/g, '')
    .trim();
  return clip(text);
}

/**
 * Asks a small text model of the conversation's provider (the catalog's `titleModel`) for a
 * title with a bounded call (a small output cap, no thinking where the model can skip it); any failure, timeout or empty answer falls back to the first words
 * of the user's text.
 */
export async function generateTitle(
  provider: ChatProvider,
  base: Pick<ChatRequest, 'model' | 'apiKey' | 'baseURL' | 'owner' | 'outbound' | 'serviceAccountTokens'>,
  exchange: { userText: string; replyText: string },
  timeoutMs = TITLE_TIMEOUT_MS,
): Promise<string> {
  const request: ChatRequest = {
    ...base,
    options: { maxOutputTokens: TITLE_MAX_TOKENS },
    leastReasoning: true,
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
