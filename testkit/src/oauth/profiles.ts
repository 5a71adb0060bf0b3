import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { sendJson } from './http-helpers.ts';

export const fakeOAuthProviders = ['google', 'github', 'discord', 'facebook'] as const;
export type FakeOAuthProvider = (typeof fakeOAuthProviders)[number];

export interface FakeOAuthUser {
  /** The provider's account id (Google `sub`, GitHub numeric id as digits, Discord snowflake, Facebook app-scoped id). */
  id: string;
  name: string;
  /** `null` models an account without any email the app may read. */
  email: string | null;
  /** Defaults to true. */
  emailVerified?: boolean;
  /** GitHub login / Discord username; derived from the email when absent. */
  login?: string;
  /** Picture URL (Discord answers a hash derived from it instead, as the real API does). */
  avatar?: string;
  /** GitHub only: false hides the email from `GET /user` so only `/user/emails` reveals it. */
  emailPublic?: boolean;
}

/** The profile endpoint paths each provider serves under `/<provider>`, as on the real API hosts. */
export const profilePaths: Record<FakeOAuthProvider, string> = {
  google: '/v1/userinfo',
  github: '/user',
  discord: '/users/@me',
  facebook: '/me',
};

const login = (user: FakeOAuthUser) => user.login ?? (user.email ?? user.id).split('@')[0]!;

/** Answers a profile request in the documented shape of the provider's API. */
export function sendProfile(
  provider: FakeOAuthProvider,
  path: string,
  user: FakeOAuthUser,
  req: IncomingMessage,
  res: ServerResponse,
): boolean {
  const verified = user.emailVerified ?? true;
  if (provider === 'google' && path === profilePaths.google) {
    sendJson(res, 200, {
      sub: user.id,
      name: user.name,
      given_name: user.name.split(' ')[0],
      picture: user.avatar,
      ...(user.email ? { email: user.email, email_verified: verified } : {}),
    });
  } else if (provider === 'github' && path === profilePaths.github) {
    sendJson(res, 200, {
      login: login(user),
      id: Number(user.id),
      node_id: Buffer.from(`04:User${user.id}`).toString('base64'),
      avatar_url: user.avatar ?? `https://avatars.githubusercontent.com/u/${user.id}?v=4`,
      type: 'User',
      site_admin: false,
      name: user.name,
      email: user.emailPublic === false ? null : user.email,
    });
  } else if (provider === 'github' && path === `${profilePaths.github}/emails`) {
    const emails: { email: string; primary: boolean; verified: boolean; visibility: string | null }[] = [];
    if (user.email) emails.push({ email: user.email, primary: true, verified, visibility: user.emailPublic === false ? 'private' : 'public' });
    emails.push({ email: `${user.id}+${login(user)}@users.noreply.github.com`, primary: false, verified: true, visibility: null });
    sendJson(res, 200, emails);
  } else if (provider === 'discord' && path === profilePaths.discord) {
    sendJson(res, 200, {
      id: user.id,
      username: login(user),
      discriminator: '0',
      global_name: user.name,
      avatar: user.avatar ? createHash('md5').update(user.avatar).digest('hex') : null,
      mfa_enabled: false,
      locale: 'en-US',
      email: user.email,
      verified,
    });
  } else if (provider === 'facebook' && path === profilePaths.facebook) {
    const requested = (new URL(req.url!, 'http://x').searchParams.get('fields') ?? 'id,name').split(',');
    const all: Record<string, unknown> = {
      id: user.id,
      name: user.name,
      // Facebook leaves `email` out entirely when the account has no confirmed address.
      email: user.email && verified ? user.email : undefined,
      picture: { data: { height: 50, width: 50, is_silhouette: !user.avatar, url: user.avatar ?? 'https://static.xx.fbcdn.net/silhouette.png' } },
    };
    sendJson(res, 200, Object.fromEntries(requested.filter((f) => all[f] !== undefined).map((f) => [f, all[f]])));
  } else {
    return false;
  }
  return true;
}

/** Each provider's answer to a missing or unknown access token. */
export function sendUnauthorized(provider: FakeOAuthProvider, res: ServerResponse) {
  if (provider === 'google') {
    sendJson(res, 401, { error: 'invalid_request', error_description: 'Invalid Credentials' }, {
      'www-authenticate': 'Bearer realm="https://accounts.google.com/", error="invalid_token"',
    });
  } else if (provider === 'github') {
    sendJson(res, 401, { message: 'Bad credentials', documentation_url: 'https://docs.github.com/rest', status: '401' });
  } else if (provider === 'discord') {
    sendJson(res, 401, { message: '401: Unauthorized', code: 0 });
  } else {
    sendJson(res, 400, {
      error: { message: 'Invalid OAuth access token - Cannot parse access token', type: 'OAuthException', code: 190, fbtrace_id: 'testkit' },
    });
  }
}
