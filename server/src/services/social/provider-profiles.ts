import { createHmac } from 'node:crypto';
import { z } from 'zod';
import type { SocialProfile } from '../users/user-service.ts';
import { UPSTREAM_TIMEOUT_MS } from './oauth2-client.ts';
import type { OAuth2Provider, OAuth2Settings } from './oauth-provider-settings.ts';
import { SocialLoginError } from './social-login-error.ts';

const googleUser = z.object({
  sub: z.string(),
  email: z.string().optional(),
  email_verified: z.boolean().optional(),
  name: z.string().optional(),
  picture: z.string().optional(),
});

const githubUser = z.object({
  id: z.number(),
  login: z.string(),
  name: z.string().nullish(),
  email: z.string().nullish(),
  avatar_url: z.string().nullish(),
});
const githubEmails = z.array(z.object({ email: z.string(), primary: z.boolean(), verified: z.boolean() }));

const discordUser = z.object({
  id: z.string(),
  username: z.string(),
  global_name: z.string().nullish(),
  email: z.string().nullish(),
  verified: z.boolean().optional(),
  avatar: z.string().nullish(),
});

const facebookUser = z.object({
  id: z.string(),
  name: z.string().optional(),
  email: z.string().optional(),
  picture: z.object({ data: z.object({ url: z.string() }) }).optional(),
});

async function getJson<T>(provider: OAuth2Provider, url: string, schema: z.ZodType<T>, headers: Record<string, string>): Promise<T> {
  let response: Response;
  try {
    response = await fetch(url, { headers: { accept: 'application/json', ...headers }, signal: AbortSignal.timeout(UPSTREAM_TIMEOUT_MS) });
  } catch (error) {
    throw new SocialLoginError(`${provider} profile endpoint unreachable`, { cause: error });
  }
  if (!response.ok) throw new SocialLoginError(`${provider} profile endpoint answered ${response.status}`);
  const parsed = schema.safeParse(await response.json().catch(() => undefined));
  if (!parsed.success) throw new SocialLoginError(`${provider} profile has an unexpected shape: ${parsed.error.message}`);
  return parsed.data;
}

function requireEmail(provider: OAuth2Provider, email: string | null | undefined): string {
  if (!email) throw new SocialLoginError(`${provider} did not share an email address`);
  return email;
}

async function google(s: OAuth2Settings, token: string): Promise<SocialProfile> {
  const user = await getJson('google', s.userinfoUrl, googleUser, { authorization: `Bearer ${token}` });
  const email = requireEmail('google', user.email);
  return { provider: 'google', providerId: user.sub, email, name: user.name ?? email, avatar: user.picture ?? null, emailVerified: user.email_verified === true };
}

/** `GET /user` shows only the public address; `/user/emails` tells which addresses are verified. */
async function github(s: OAuth2Settings, token: string): Promise<SocialProfile> {
  const headers = { authorization: `Bearer ${token}`, accept: 'application/vnd.github+json', 'user-agent': 'Parley' };
  const user = await getJson('github', s.userinfoUrl, githubUser, headers);
  const emails = await getJson('github', `${s.userinfoUrl}/emails`, githubEmails, headers);
  const chosen =
    emails.find((e) => e.email.toLowerCase() === user.email?.toLowerCase()) ??
    emails.find((e) => e.primary && e.verified) ??
    emails.find((e) => e.primary);
  const email = requireEmail('github', chosen?.email ?? user.email);
  return {
    provider: 'github',
    providerId: String(user.id),
    email,
    name: user.name || user.login,
    avatar: user.avatar_url ?? null,
    emailVerified: chosen?.verified === true,
  };
}

async function discord(s: OAuth2Settings, token: string): Promise<SocialProfile> {
  const user = await getJson('discord', s.userinfoUrl, discordUser, { authorization: `Bearer ${token}` });
  return {
    provider: 'discord',
    providerId: user.id,
    email: requireEmail('discord', user.email),
    name: user.global_name || user.username,
    // Discord returns an image hash; the CDN URL is built from it as its API reference describes.
    avatar: user.avatar ? `https://cdn.discordapp.com/avatars/${user.id}/${user.avatar}.png` : null,
    emailVerified: user.verified === true,
  };
}

/**
 * The Graph API only returns `email` when the account has a confirmed address, so its presence
 * is the verification. `appsecret_proof` keeps working for apps that require it.
 */
async function facebook(s: OAuth2Settings, token: string): Promise<SocialProfile> {
  const url = new URL(s.userinfoUrl);
  url.searchParams.set('fields', 'id,name,email,picture');
  url.searchParams.set('access_token', token);
  url.searchParams.set('appsecret_proof', createHmac('sha256', s.clientSecret).update(token).digest('hex'));
  const user = await getJson('facebook', url.toString(), facebookUser, {});
  const email = requireEmail('facebook', user.email);
  return { provider: 'facebook', providerId: user.id, email, name: user.name ?? email, avatar: user.picture?.data.url ?? null, emailVerified: true };
}

const fetchers: Record<OAuth2Provider, (s: OAuth2Settings, token: string) => Promise<SocialProfile>> = {
  google,
  github,
  discord,
  facebook,
};

/** Reads the signed-in account from the provider's own profile API and maps it to Parley's terms. */
export function fetchSocialProfile(settings: OAuth2Settings, accessToken: string): Promise<SocialProfile> {
  return fetchers[settings.provider](settings, accessToken);
}
