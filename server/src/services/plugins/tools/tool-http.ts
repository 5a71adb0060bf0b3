import { ToolError } from './plugin-tool.ts';

/** Where a tool's HTTP calls may go, and how long and how much they may take. */
export interface ToolHttp {
  /** fetch for the fixed public APIs (Google, SerpApi, Wolfram, OpenAI). */
  fetch: typeof fetch;
  /** fetch for addresses a user typed (web pages, their own web UI or search service): public hosts only. */
  userFetch: typeof fetch;
  timeoutMs: number;
  maxBytes: number;
}

export interface ToolResponse {
  status: number;
  contentType: string;
  text: string;
  /** The body was longer than maxBytes and was cut there. */
  truncated: boolean;
}

/** One bounded HTTP call: stops after `timeoutMs` or on abort, reads at most `maxBytes`. */
export async function toolRequest(
  http: ToolHttp,
  url: string | URL,
  init: RequestInit & { signal: AbortSignal; user?: boolean },
): Promise<ToolResponse> {
  const { user, signal, ...rest } = init;
  const send = user ? http.userFetch : http.fetch;
  let response: Response;
  const limited = AbortSignal.any([signal, AbortSignal.timeout(http.timeoutMs)]);
  try {
    response = await send(url, { ...rest, signal: limited });
  } catch (error) {
    if (signal.aborted) throw error;
    if (limited.aborted) throw new ToolError(`The request took longer than ${Math.round(http.timeoutMs / 1000)} s.`);
    throw new ToolError(`The request failed: ${(error as Error).message}`);
  }
  const parts: Uint8Array[] = [];
  let size = 0;
  let truncated = false;
  const reader = response.body?.getReader();
  while (reader) {
    const { done, value } = await reader.read();
    if (done) break;
    if (size + value.byteLength > http.maxBytes) {
      parts.push(value.subarray(0, http.maxBytes - size));
      truncated = true;
      await reader.cancel();
      break;
    }
    parts.push(value);
    size += value.byteLength;
  }
  const text = Buffer.concat(parts).toString('utf8');
  return { status: response.status, contentType: response.headers.get('content-type') ?? '', text, truncated };
}

/** A JSON answer of a 2xx call; otherwise the API's own error message as a ToolError. */
export function jsonOf<T>(response: ToolResponse, errorMessage: (body: unknown) => string | undefined): T {
  let body: unknown;
  try {
    body = JSON.parse(response.text);
  } catch {
    throw new ToolError(`The service answered ${response.status} without JSON.`);
  }
  if (response.status < 200 || response.status >= 300) {
    throw new ToolError(`The service answered ${response.status}: ${errorMessage(body) ?? 'no reason given'}`);
  }
  return body as T;
}

/** Text for the model, cut to a size it can read. */
export const clip = (text: string, max = 8000) => (text.length > max ? `${text.slice(0, max)}…` : text);
