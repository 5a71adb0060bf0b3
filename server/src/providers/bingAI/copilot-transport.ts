import { randomUUID } from 'node:crypto';
import { ProviderError } from '../provider-error.ts';
import type { ChatEvent, UpstreamSession } from '../types.ts';
import { ChallengeError, failureOfNetwork, failureOfResponse, logExcerpt } from './bing-failures.ts';
import { transcript, type BingTone, type BingTurn } from './bing-turn.ts';
import { openUpstreamSocket, socketOrigin } from './upstream-socket.ts';

const PUBLIC_HOST = 'https://copilot.microsoft.com';
const CREATE_TIMEOUT_MS = 20_000;

/**
 * Copilot's modes for Bing's tones: creative and balanced take "smart" (its default model),
 * fast the quick "chat", precise "reasoning" (Think Deeper).
 */
const copilotModes: Readonly<Record<BingTone, string>> = {
  creative: 'smart',
  balanced: 'smart',
  fast: 'chat',
  precise: 'reasoning',
};

/** An access token goes as a bearer token (and on the socket's query, as the web client does); a value with `=` is a Cookie header. */
function authOf(key: string): { headers: Record<string, string>; query: string } {
  if (key.includes('=')) return { headers: { cookie: key }, query: '' };
  return { headers: { authorization: `Bearer ${key}` }, query: `&accessToken=${encodeURIComponent(key)}` };
}

const browserHeaders = (host: string) => ({ origin: host, 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36' });

async function createConversation(host: string, auth: Record<string, string>, signal: AbortSignal): Promise<string> {
  const what = 'Copilot conversation create';
  let response: Response;
  try {
    response = await fetch(`${host}/c/api/conversations`, {
      method: 'POST',
      headers: { ...browserHeaders(host), ...auth, 'content-type': 'application/json' },
      body: '{}',
      signal: AbortSignal.any([signal, AbortSignal.timeout(CREATE_TIMEOUT_MS)]),
    });
  } catch (error) {
    if (signal.aborted) throw error;
    throw failureOfNetwork(error, what);
  }
  const body = await response.text();
  if (!response.ok) throw failureOfResponse(response.status, response.headers, body, what);
  const id = (() => {
    try {
      return (JSON.parse(body) as { id?: unknown }).id;
    } catch {
      return undefined;
    }
  })();
  if (typeof id !== 'string' || id === '') throw failureOfResponse(response.status === 200 ? 502 : response.status, response.headers, body, `${what} (no id)`);
  return id;
}

/** The first message of an upstream conversation carries what Copilot has no field for: the system message, the context, the earlier turns. */
function firstMessage(turn: BingTurn): string {
  const parts = [
    turn.jailbreak || turn.systemMessage ? `[system]\n${turn.systemMessage ?? ''}`.trim() : undefined,
    turn.context ? `[context]\n${turn.context}` : undefined,
    turn.history.length > 0 ? transcript(turn.history, { user: '[user]', assistant: '[assistant]' }) : undefined,
  ].filter((part): part is string => Boolean(part && part !== '[system]'));
  return parts.length > 0 ? `${parts.join('\n\n')}\n\n[user]\n${turn.prompt}` : turn.prompt;
}

interface CopilotFrame {
  event?: unknown;
  text?: unknown;
  url?: unknown;
  title?: unknown;
  suggestions?: unknown;
  method?: unknown;
  errorCode?: unknown;
  code?: unknown;
  message?: unknown;
}

function errorOfFrame(frame: CopilotFrame): ProviderError {
  const code = String(frame.errorCode ?? frame.code ?? '');
  const message = `Copilot error frame: ${code} ${typeof frame.message === 'string' ? frame.message : ''}`.trim();
  if (/unauth|token|expired|login/i.test(code)) return new ProviderError('invalid_api_key', message);
  if (/rate|throttl|limit/i.test(code)) return new ProviderError('upstream_rate_limited', message);
  if (/region|country|forbidden|unavailable-in/i.test(code)) return new ProviderError('upstream_forbidden', message);
  return new ProviderError('upstream_error', message);
}

/**
 * One turn on Microsoft Copilot: `POST /c/api/conversations` for a new upstream conversation,
 * then the chat socket (`/c/api/chat?api-version=2`), which speaks first (`connected`); the turn
 * is one `send`, answered by `appendText` deltas, `citation`s, `suggestedFollowups`,
 * `imageGenerated` pictures and `done`, or a `challenge` / `error`.
 */
export async function* copilotTurn(turn: BingTurn, signal: AbortSignal): AsyncGenerator<ChatEvent> {
  const host = turn.baseURL ?? PUBLIC_HOST;
  const auth = authOf(turn.key);
  const continued = typeof turn.session?.conversationId === 'string' ? turn.session : undefined;
  const conversationId = continued ? String(continued.conversationId) : await createConversation(host, auth.headers, signal);
  const session: UpstreamSession = { protocol: 'copilot', conversationId, turns: Number(continued?.turns ?? 0) };
  yield { type: 'session', state: session };

  const url = `${socketOrigin(host)}/c/api/chat?api-version=2&clientSessionId=${randomUUID()}${auth.query}`;
  const socket = await openUpstreamSocket(url, { ...browserHeaders(host), ...auth.headers }, signal, 'Copilot chat socket');
  try {
    let connected = false;
    for await (const raw of socket.frames()) {
      let frame: CopilotFrame;
      try {
        frame = JSON.parse(raw) as CopilotFrame;
      } catch {
        throw new ProviderError('upstream_error', `Copilot sent a frame that is not JSON: ${logExcerpt(raw)}`);
      }
      switch (frame.event) {
        case 'connected':
          if (!connected) {
            connected = true;
            const text = continued ? turn.prompt : firstMessage(turn);
            socket.send(JSON.stringify({ event: 'send', conversationId, content: [{ type: 'text', text }], mode: copilotModes[turn.tone] }));
          }
          break;
        case 'appendText':
          if (typeof frame.text === 'string' && frame.text !== '') yield { type: 'text', delta: frame.text };
          break;
        case 'citation':
          if (typeof frame.url === 'string') yield { type: 'source', url: frame.url, title: typeof frame.title === 'string' ? frame.title : frame.url };
          break;
        case 'suggestedFollowups':
          if (Array.isArray(frame.suggestions)) yield { type: 'suggestions', items: frame.suggestions.filter((s): s is string => typeof s === 'string') };
          break;
        case 'imageGenerated':
          if (typeof frame.url === 'string') yield { type: 'image', url: frame.url, download: true };
          break;
        case 'challenge':
          throw new ChallengeError(frame.method === 'cloudflare' ? 'cloudflare' : 'captcha', `Copilot challenge frame: ${String(frame.method ?? '')}`);
        case 'error':
          throw errorOfFrame(frame);
        case 'done':
          yield { type: 'session', state: { ...session, turns: Number(session.turns) + 1 } };
          yield { type: 'finish', reason: 'stop' };
          return;
        default:
          // received, startMessage, partCompleted, titleUpdate, generatingImage…: nothing to show.
          break;
      }
    }
    if (!signal.aborted) throw new ProviderError('upstream_error', `Copilot closed the socket before done${connected ? '' : ' (it never said connected)'}`);
  } finally {
    socket.close();
  }
}
