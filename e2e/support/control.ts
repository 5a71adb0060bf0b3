import { controlUrl } from './stack-ports.ts';

export interface CaughtMail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

/**
 * A stack's control API (testkit/src/stack/control-server.ts), for specs: mails caught by the
 * SMTP catcher and the provider fakes' scripts. `stackControl` is the shared stack's; a spec's
 * own stack (own-stack.ts) passes its `controlUrl`.
 */
export function controlOf(baseUrl: string) {
  const control = async (path: string, init?: RequestInit): Promise<Response> => {
    const response = await fetch(`${baseUrl}${path}`, init);
    if (!response.ok) throw new Error(`control API ${path}: ${response.status} ${await response.text()}`);
    return response;
  };
  return {
  /** The oldest mail to `to` not yet read by an earlier call, waiting for it to arrive. */
  async mail(to: string, timeoutMs = 10_000): Promise<CaughtMail> {
    const query = new URLSearchParams({ to, timeoutMs: String(timeoutMs) });
    return (await control(`/mail?${query}`)).json() as Promise<CaughtMail>;
  },
  /** Scripts the next reply of a provider fake (`openai`, `anthropic`, …) in that fake's own format. */
  async enqueue(fake: string, reply: unknown): Promise<void> {
    await control(`/fakes/${fake}/enqueue`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(reply),
    });
  },
  /** What a provider fake has received so far, oldest first. */
  async requests<T = unknown>(fake: string): Promise<T[]> {
    return (await control(`/fakes/${fake}/requests`)).json() as Promise<T[]>;
  },
  };
}

export const stackControl = controlOf(controlUrl);

/** The first link in a mail's text that points at `pathname` on Parley. */
export function linkIn(mail: CaughtMail, pathname: string): URL {
  const link = mail.text.match(/https?:\/\/\S+/g)?.map((l) => new URL(l)).find((u) => u.pathname === pathname);
  if (!link) throw new Error(`no ${pathname} link in the mail "${mail.subject}":\n${mail.text}`);
  return link;
}
