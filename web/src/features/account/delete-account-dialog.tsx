import { confirmsAccount } from '@parley/core';
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Banner } from '../../components/ui/banner.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Dialog, DialogContent } from '../../components/ui/dialog.tsx';
import { Field } from '../../components/ui/field.tsx';
import { errorText } from '../../locales/error-text.ts';
import { accountApi } from './account-api.ts';
import { leaveSession } from './leave-session.ts';

/**
 * Deleting the account for good: the user types the account's email (and its password, when it
 * has one) before the red button works; then every conversation, file, preset, key and token goes.
 */
export function DeleteAccountDialog({ open, onOpenChange, email, hasPassword }: { open: boolean; onOpenChange(open: boolean): void; email: string; hasPassword: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [confirm, setConfirm] = useState('');
  const [password, setPassword] = useState('');
  const remove = useMutation({
    mutationFn: accountApi.remove,
    onSuccess: () => {
      leaveSession();
      navigate('/login', { replace: true });
    },
  });
  const ready = confirmsAccount(confirm, email) && (!hasPassword || password.length > 0);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (ready) remove.mutate({ confirm, ...(hasPassword ? { password } : {}) });
  };
  return (
    <Dialog open={open} onOpenChange={(next) => !remove.isPending && onOpenChange(next)}>
      <DialogContent title={t('settings.account.delete_title')} closeLabel={t('common.close')} className="max-w-md" data-testid="delete-account-dialog">
        <form onSubmit={submit} className="space-y-4 px-6 pb-5 pt-4" noValidate>
          <p className="text-sm leading-relaxed text-neutral-600 dark:text-neutral-300">{t('settings.account.delete_body')}</p>
          <Field
            label={t('settings.account.delete_type_email', { email })}
            value={confirm}
            autoComplete="off"
            spellCheck={false}
            onChange={(e) => setConfirm(e.target.value)}
            data-testid="delete-account-confirm"
          />
          {hasPassword ? (
            <Field label={t('settings.account.current_password')} type="password" autoComplete="current-password" value={password} onChange={(e) => setPassword(e.target.value)} data-testid="delete-account-password" />
          ) : null}
          {remove.isError ? <Banner data-testid="delete-account-failed">{errorText(t, remove.error)}</Banner> : null}
          <div className="flex justify-end gap-2">
            <Button variant="secondary" size="sm" onClick={() => onOpenChange(false)} disabled={remove.isPending}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" variant="danger" size="sm" disabled={!ready || remove.isPending} data-testid="delete-account-submit">
              {remove.isPending ? t('settings.data.working') : t('settings.account.delete_confirm')}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
