export interface BrowserResponse {
  status: number;
  url: string;
  location?: string;
  body: string;
}

interface StoredCookie {
  name: string;
  value: string;
  host: string;
  path: string;
}

/**
 * A cookie-keeping HTTP client that walks redirects one hop at a time, for driving OAuth flows
 * in integration tests without Chromium. Like a browser, cookies are scoped by host and path,
 * not port. `stopAt` ends the walk at the first URL it matches, so a test can inspect it.
 */
export function createHeadlessBrowser() {
  const cookies: StoredCookie[] = [];

  function cookieHeader(url: URL): string {
    return cookies
      .filter((c) => c.host === url.hostname && url.pathname.startsWith(c.path))
      .map((c) => `${c.name}=${c.value}`)
      .join('; ');
  }

  function storeCookies(url: URL, headers: Headers) {
    for (const line of headers.getSetCookie()) {
      const [pair, ...attributes] = line.split(';').map((part) => part.trim());
      const separator = pair!.indexOf('=');
      const name = pair!.slice(0, separator);
      const value = pair!.slice(separator + 1);
      const attr = Object.fromEntries(attributes.map((a) => [a.split('=')[0]!.toLowerCase(), a.split('=')[1] ?? '']));
      const path = attr.path || '/';
      const expired = attr['max-age'] === '0' || (attr.expires && Date.parse(attr.expires) < Date.now());
      const index = cookies.findIndex((c) => c.name === name && c.path === path && c.host === url.hostname);
      if (index >= 0) cookies.splice(index, 1);
      if (!expired) cookies.push({ name, value, path, host: url.hostname });
    }
  }

  async function request(url: string, init: { method?: string; form?: Record<string, string> } = {}) {
    const target = new URL(url);
    const headers: Record<string, string> = { accept: 'text/html,application/json' };
    const cookie = cookieHeader(target);
    if (cookie) headers.cookie = cookie;
    if (init.form) headers['content-type'] = 'application/x-www-form-urlencoded';
    const response = await fetch(target, {
      method: init.method ?? 'GET',
      headers,
      body: init.form ? new URLSearchParams(init.form).toString() : undefined,
      redirect: 'manual',
    });
    storeCookies(target, response.headers);
    const location = response.headers.get('location') ?? undefined;
    return {
      status: response.status,
      url: target.toString(),
      location: location ? new URL(location, target).toString() : undefined,
      body: await response.text(),
    } satisfies BrowserResponse;
  }

  /** Follows redirects (at most 20) from one request until a page answers or `stopAt` matches. */
  async function navigate(
    url: string,
    init: { method?: string; form?: Record<string, string>; stopAt?: (url: URL) => boolean } = {},
  ): Promise<BrowserResponse> {
    let response = await request(url, init);
    for (let hop = 0; hop < 20; hop++) {
      if (!response.location || response.status < 300 || response.status >= 400) return response;
      if (init.stopAt?.(new URL(response.location))) return response;
      response = await request(response.location);
    }
    throw new Error(`too many redirects from ${url}`);
  }

  /** Submits the first form of a page with its own fields, the given fields and the named button. */
  async function submitForm(
    pageResponse: BrowserResponse,
    fields: Record<string, string> = {},
    options: { button?: { name: string; value: string }; stopAt?: (url: URL) => boolean } = {},
  ): Promise<BrowserResponse> {
    const form = /<form([^>]*)>([\s\S]*?)<\/form>/i.exec(pageResponse.body);
    if (!form) throw new Error(`no form on ${pageResponse.url}`);
    const action = attribute(form[1]!, 'action') ?? pageResponse.url;
    const method = (attribute(form[1]!, 'method') ?? 'get').toUpperCase();
    const values: Record<string, string> = {};
    for (const [, input] of form[2]!.matchAll(/<(?:input|select)([^>]*)>/gi)) {
      const name = attribute(input!, 'name');
      if (name && !/type="?submit/i.test(input!)) values[name] = attribute(input!, 'value') ?? '';
    }
    Object.assign(values, fields);
    if (options.button) values[options.button.name] = options.button.value;
    const target = new URL(decodeEntities(action), pageResponse.url);
    if (method === 'GET') {
      for (const [k, v] of Object.entries(values)) target.searchParams.set(k, v);
      return navigate(target.toString(), { stopAt: options.stopAt });
    }
    return navigate(target.toString(), { method, form: values, stopAt: options.stopAt });
  }

  return {
    navigate,
    submitForm,
    cookie(hostname: string, name: string): string | undefined {
      return cookies.find((c) => c.host === hostname && c.name === name)?.value;
    },
  };
}

export type HeadlessBrowser = ReturnType<typeof createHeadlessBrowser>;

function attribute(tag: string, name: string): string | undefined {
  const match = new RegExp(`\\b${name}="([^"]*)"`, 'i').exec(tag);
  return match ? decodeEntities(match[1]!) : undefined;
}

function decodeEntities(text: string): string {
  return text.replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');
}
