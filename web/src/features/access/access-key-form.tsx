import { isAccessKey, normalizeAccessKey } from '@parley/core';
import { KeyRound, LoaderCircle, RefreshCcw } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button.tsx';
import { Field } from '../../components/ui/field.tsx';
import { useFormatDateTime } from '../../locales/format-date.ts';
import { isAccessKeyPrefix } from './access-key.ts';
import { useAccessDialogs } from './access-dialogs-store.ts';
import { useEnterKey, type EnterKeyOutcome } from './use-enter-key.ts';

export interface AccessKeyFormProps {
  /** The key was checked and saved (the dialog holding the form closes). */
  onSaved(): void;
  /** Buttons beside Save (continue for free, cancel). */
  secondary?: ReactNode;
  autoFocus?: boolean;
}

/**
 * The access-key field of the welcome modal and the key dialog (SPEC point 5): whitespace is
 * stripped as the user types or pastes, Save stays disabled until the key is `sk-` + 48, and the
 * server checks it before it is saved: a key it does not know is refused here, an expired one
 * offered a renewal.
 */
export function AccessKeyForm({ onSaved, secondary, autoFocus }: AccessKeyFormProps) {
  const { t } = useTranslation();
  const formatDate = useFormatDateTime();
  const [key, setKey] = useState('');
  const [refusal, setRefusal] = useState<Exclude<EnterKeyOutcome, { state: 'active' }> | null>(null);
  const { enter, busy } = useEnterKey();
  const showDialog = useAccessDialogs((s) => s.show);
  const valid = isAccessKey(key);
  const refusalText =
    refusal?.state === 'unknown'
      ? t('access.key.unknown')
      : refusal?.state === 'expired'
        ? refusal.expiresAt
          ? t('access.key.expired', { date: formatDate(refusal.expiresAt) })
          : t('access.key.expired_undated')
        : refusal?.state === 'failed'
          ? t('errors.network')
          : null;
  return (
    <form
      className="space-y-4"
      onSubmit={(event) => {
        event.preventDefault();
        if (!valid || busy) return;
        void enter(key).then((outcome) => {
          if (outcome.state === 'active') onSaved();
          else setRefusal(outcome);
        });
      }}
    >
      <Field
        label={t('access.key.label')}
        type="password"
        autoComplete="off"
        spellCheck={false}
        autoFocus={autoFocus}
        placeholder={t('access.key.placeholder')}
        data-testid="access-key-input"
        value={key}
        onChange={(event) => {
          setKey(normalizeAccessKey(event.target.value));
          setRefusal(null);
        }}
        error={key && !valid && !isAccessKeyPrefix(key) ? t('access.key.invalid') : refusalText}
        hint={t('access.key.hint')}
      />
      {refusal?.state === 'expired' ? (
        <Button variant="secondary" className="w-full" onClick={() => showDialog('buy', key)} data-testid="access-key-renew">
          <RefreshCcw aria-hidden className="size-4" />
          {t('buy.renew_action')}
        </Button>
      ) : null}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        {secondary}
        <Button type="submit" disabled={!valid || busy} data-testid="access-key-save">
          {busy ? <LoaderCircle aria-hidden className="size-4 animate-spin" /> : <KeyRound aria-hidden className="size-4" />}
          {t('access.key.save')}
        </Button>
      </div>
    </form>
  );
}
