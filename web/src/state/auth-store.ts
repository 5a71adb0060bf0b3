import type { AuthResponse, User } from '@parley/core';
import { create } from 'zustand';
import { setAccessToken, setSessionHooks, setStoredApiKey } from '../api/session.ts';

/** `restoring` until the start-up refresh answers, so guards neither flash the login page nor the chat. */
export type AuthStatus = 'restoring' | 'authenticated' | 'anonymous';

interface AuthState {
  status: AuthStatus;
  user: User | null;
  /** Why the session ended, for the login page to explain (a ban forces a logout). */
  notice: 'banned' | null;
  signIn(session: AuthResponse): void;
  signOut(notice?: 'banned' | null): void;
  setAnonymous(): void;
  clearNotice(): void;
}

export const useAuthStore = create<AuthState>()((set) => ({
  status: 'restoring',
  user: null,
  notice: null,
  signIn: ({ token, user }) => {
    setAccessToken(token);
    set({ status: 'authenticated', user, notice: null });
  },
  signOut: (notice = null) => {
    setAccessToken(null);
    setStoredApiKey(null);
    set({ status: 'anonymous', user: null, notice });
  },
  setAnonymous: () => set({ status: 'anonymous', user: null }),
  clearNotice: () => set({ notice: null }),
}));

/** Lets the API client update the session from outside React (refresh, expiry, ban). */
setSessionHooks({
  onRefreshed: (session) => useAuthStore.getState().signIn(session),
  onExpired: () => useAuthStore.getState().setAnonymous(),
  onBanned: () => useAuthStore.getState().signOut('banned'),
});
