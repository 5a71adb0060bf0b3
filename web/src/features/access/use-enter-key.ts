import type { EnterKeyResponse } from '@parley/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showToast } from '../../components/ui/toast-store.ts';
import { enterKey } from './enter-key-api.ts';
import { useSaveAccessKey } from './use-save-access-key.ts';

export type EnterKeyOutcome = { state: 'unknown' } | { state: 'expired'; expiresAt: string | null } | { state: 'active' } | { state: 'failed' };

/**
 * Saves a key only once the server knows it: a mistyped or revoked one is refused, an expired
 * one is named (to renew), an active one is stored and the conversations this browser had on the
 * free allowance move to it, said in one line.
 */
export function useEnterKey(): { enter(key: string): Promise<EnterKeyOutcome>; busy: boolean } {
  const { t } = useTranslation();
  const saveKey = useSaveAccessKey();
  const [busy, setBusy] = useState(false);
  const enter = async (key: string): Promise<EnterKeyOutcome> => {
    setBusy(true);
    let answer: EnterKeyResponse;
    try {
      answer = await enterKey(key);
    } catch (error) {
      console.error('Checking the access key failed', error);
      return { state: 'failed' };
    } finally {
      setBusy(false);
    }
    if (answer.state === 'expired') return { state: 'expired', expiresAt: answer.expiresAt };
    if (answer.state === 'unknown') return { state: 'unknown' };
    saveKey(key);
    if (answer.carried > 0) showToast(t('access.key.carried', { count: answer.carried }), 'success');
    return { state: 'active' };
  };
  return { enter, busy };
}
