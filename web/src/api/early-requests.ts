/**
 * The page's first requests, sent by main.tsx before the app's code has loaded: the refresh
 * cookie's exchange for an access token and, on a `/chat/<id>` page, that conversation and the
 * end of its shown branch (`/recent`) with the token it returns. Sent by the app, each would wait for the app's code to
 * download and run first. The app takes each answer once (refresh.ts, client.ts) and treats it
 * as its own request's; one that failed or never came is simply sent again.
 *
 * No imports: this runs before the app's chunk, so it repeats the storage key of the access key
 * (core's ACCESS_KEY_STORAGE_KEY, checked equal in its test).
 */
export const EARLY_ACCESS_KEY_STORAGE_KEY = 'apiKey';

let refresh: Promise<Response> | undefined;
const answers = new Map<string, Promise<Response>>();

function storedAccessKey(): string | null {
  try {
    return localStorage.getItem(EARLY_ACCESS_KEY_STORAGE_KEY);
  } catch {
    return null;
  }
}

/** The refresh answer read once: its token, and a copy of it for the app (a body is read once). */
async function readRefresh(response: Response): Promise<{ token?: string; copy: Response }> {
  const text = await response.text();
  const copy = new Response(response.status === 204 ? null : text, { status: response.status, statusText: response.statusText, headers: response.headers });
  if (!response.ok) return { copy };
  try {
    const { token } = JSON.parse(text) as { token?: unknown };
    return { copy, ...(typeof token === 'string' ? { token } : {}) };
  } catch {
    return { copy };
  }
}

/** The conversation segment of a `/chat/<id>` address, still URL-encoded; none for `/chat/new` or another page. */
export function openedConversationSegment(pathname: string): string | undefined {
  const segment = /^\/chat\/([^/]+)\/?$/.exec(pathname)?.[1];
  return segment === 'new' ? undefined : segment;
}

/**
 * Sends the page's first requests. Answers, once it is known, whether the opened conversation was
 * asked for (a `/chat/<id>` page with a session): the page's code for it is fetched only then,
 * so that those requests are not queued behind a dozen script downloads for the browser's six
 * connections to the server.
 */
export function sendEarlyRequests(pathname: string): Promise<boolean> {
  const accessKey = storedAccessKey();
  const keyHeader: Record<string, string> = accessKey ? { 'X-Api-Key': accessKey } : {};
  const sent = fetch('/api/auth/refresh', { method: 'POST', headers: keyHeader, credentials: 'same-origin' }).then(readRefresh);
  sent.catch(() => undefined);
  refresh = sent.then(({ copy }) => copy);
  refresh.catch(() => undefined);
  const segment = openedConversationSegment(pathname);
  if (!segment) return Promise.resolve(false);
  const token = sent.then(({ token }) => token, () => undefined);
  for (const path of [`/api/convos/${segment}`, `/api/messages/${segment}/recent`]) {
    const answer = token.then((bearer) => {
      if (!bearer) throw new Error('No session to fetch with.');
      return fetch(path, { headers: { Authorization: `Bearer ${bearer}`, ...keyHeader }, credentials: 'same-origin' });
    });
    answer.catch(() => undefined);
    answers.set(path, answer);
  }
  return token.then(Boolean);
}

/** The early refresh's answer, handed out once. */
export function takeEarlyRefresh(): Promise<Response> | undefined {
  const taken = refresh;
  refresh = undefined;
  return taken;
}

/** The early answer for a GET of `path`, handed out once. */
export function takeEarlyAnswer(path: string): Promise<Response> | undefined {
  const taken = answers.get(path);
  answers.delete(path);
  return taken;
}
