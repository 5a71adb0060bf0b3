import type { AdminUser } from '@parley/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../components/console/form-dialog.tsx';
import { Field } from '../../components/ui/field.tsx';
import { Label } from '../../components/ui/label.tsx';
import { Select } from '../../components/ui/select.tsx';
import { banUser } from './users-api.ts';
import { useUserChange } from './use-user-change.ts';

const lengths = { hour: 3_600_000, day: 86_400_000, week: 7 * 86_400_000, month: 30 * 86_400_000 } as const;
type Length = keyof typeof lengths | 'forever' | 'custom';

/** Bans an account: why (kept in the audit log and the list) and until when, or until lifted. */
export function BanDialog({ user, onClose }: { user: AdminUser; onClose(): void }) {
  const { t } = useTranslation();
  const [reason, setReason] = useState('');
  const [length, setLength] = useState<Length>('day');
  const [custom, setCustom] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const change = useUserChange((until: string | null) => banUser(user.id, { reason: reason.trim(), until }), () => t('admin:users.banned_toast', { email: user.email }), onClose);

  const submit = () => {
    if (!reason.trim()) return setProblem(t('admin:users.reason_required'));
    const end = length === 'forever' ? null : length === 'custom' ? new Date(custom) : new Date(Date.now() + lengths[length]);
    if (end && !(end.getTime() > Date.now())) return setProblem(t('admin:users.until_future'));
    setProblem(null);
    change.mutate(end ? end.toISOString() : null);
  };

  return (
    <FormDialog
      open
      title={t('admin:users.ban_title', { email: user.email })}
      description={t('admin:users.ban_description')}
      submitLabel={t('admin:users.ban')}
      tone="danger"
      busy={change.isPending}
      error={problem ?? change.errorText}
      onSubmit={submit}
      onOpenChange={(open) => !open && onClose()}
      data-testid="ban-dialog"
    >
      <Field label={t('admin:users.reason')} value={reason} maxLength={500} onChange={(e) => setReason(e.target.value)} data-testid="ban-reason" />
      <div className="space-y-1.5">
        <Label htmlFor="ban-length">{t('admin:users.length')}</Label>
        <Select
          id="ban-length"
          value={length}
          onValueChange={(value) => setLength(value as Length)}
          className="w-full"
          data-testid="ban-length"
          options={(['hour', 'day', 'week', 'month', 'forever', 'custom'] as const).map((value) => ({ value, label: t(`admin:users.lengths.${value}`) }))}
        />
      </div>
      {length === 'custom' ? (
        <Field label={t('admin:users.until')} type="datetime-local" value={custom} onChange={(e) => setCustom(e.target.value)} data-testid="ban-until" />
      ) : null}
    </FormDialog>
  );
}
