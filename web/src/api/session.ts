import { ACCESS_KEY_STORAGE_KEY, type User } from '@parley/core';

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

const API_KEY_UPDATED_EVENT = 'apiKeyUpdated';

export function storedApiKey(): string | null {
  try {
    return localStorage.getItem(ACCESS_KEY_STORAGE_KEY);
  } catch {
    return null;
  }
}

/** Stores (or with null removes) the personal access key (SPEC point 3: local storage `apiKey`). */
export function setStoredApiKey(key: string | null): void {
  try {
    if (key) localStorage.setItem(ACCESS_KEY_STORAGE_KEY, key);
    else localStorage.removeItem(ACCESS_KEY_STORAGE_KEY);
  } catch {
    // Storage may be unavailable (private mode): nothing was stored, so there is nothing to remove.
  }
  window.dispatchEvent(new Event(API_KEY_UPDATED_EVENT));
}

/** Calls back when the stored key changes in this tab or another one. */
export function subscribeApiKey(onChange: () => void): () => void {
  const onStorage = (event: StorageEvent) => {
    if (event.key === ACCESS_KEY_STORAGE_KEY || event.key === null) onChange();
  };
  window.addEventListener(API_KEY_UPDATED_EVENT, onChange);
  window.addEventListener('storage', onStorage);
  return () => {
    window.removeEventListener(API_KEY_UPDATED_EVENT, onChange);
    window.removeEventListener('storage', onStorage);
  };
}
