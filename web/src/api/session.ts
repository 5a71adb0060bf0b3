import type { User } from '@parley/core';

/**
 * The access token lives in memory only (never storage), so a stolen disk or XSS-readable
 * storage does not leak it; the httpOnly refresh cookie restores it after a reload.
 */
let accessToken: string | null = null;

export const TOKEN_UPDATED_EVENT = 'tokenUpdated';

export function getAccessToken(): string | null {
  return accessToken;
}

export function setAccessToken(token: string | null): void {
  if (token === accessToken) return;
  accessToken = token;
  window.dispatchEvent(new CustomEvent<string | null>(TOKEN_UPDATED_EVENT, { detail: token }));
}

/** What the API client needs from the app when a session changes outside a component. */
export interface SessionHooks {
  /** A refresh succeeded: the user may have changed (role, plugins). */
  onRefreshed(session: { token: string; user: User }): void;
  /** The session cannot be restored (no refresh cookie, expired, revoked). */
  onExpired(): void;
  /** The server says the account is banned. */
  onBanned(message: string): void;
}

let hooks: SessionHooks | null = null;

export function setSessionHooks(next: SessionHooks): void {
  hooks = next;
}

export function sessionHooks(): SessionHooks | null {
  return hooks;
}

export const API_KEY_STORAGE = 'apiKey';

export function storedApiKey(): string | null {
  try {
    return localStorage.getItem(API_KEY_STORAGE);
  } catch {
    return null;
  }
}
