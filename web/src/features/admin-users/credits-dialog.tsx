import type { AdminUser } from '@parley/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../components/console/form-dialog.tsx';
import { Field } from '../../components/ui/field.tsx';
import { addCredits } from './users-api.ts';
import { useUserChange } from './use-user-change.ts';

/** Adds token credits (CHECK_BALANCE) to an account: a whole number, recorded in the ledger and the audit log. */
export function CreditsDialog({ user, onClose }: { user: AdminUser; onClose(): void }) {
  const { t } = useTranslation();
  const [amount, setAmount] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const change = useUserChange((n: number) => addCredits(user.id, n), (_out, n) => t('admin:users.credited_toast', { amount: n.toLocaleString(), email: user.email }), onClose);

  const submit = () => {
    const n = Number(amount);
    if (!/^\d+$/.test(amount.trim()) || !Number.isSafeInteger(n) || n <= 0) return setProblem(t('admin:users.amount_whole'));
    setProblem(null);
    change.mutate(n);
  };

  return (
    <FormDialog
      open
      title={t('admin:users.credits_title', { email: user.email })}
      description={t('admin:users.credits_description', { balance: (user.balance ?? 0).toLocaleString() })}
      submitLabel={t('admin:users.add_credits')}
      busy={change.isPending}
      error={problem ?? change.errorText}
      onSubmit={submit}
      onOpenChange={(open) => !open && onClose()}
      data-testid="credits-dialog"
    >
      <Field label={t('admin:users.amount')} inputMode="numeric" value={amount} onChange={(e) => setAmount(e.target.value)} data-testid="credits-amount" />
    </FormDialog>
  );
}
