import type { KeyStatus } from '@parley/core';

/** The only thing a client ever learns about a stored key is when it stops working. */
export const presentKeyStatus = (expiresAt: Date | undefined): KeyStatus => ({ expiresAt: expiresAt?.toISOString() ?? null });
