import type { AdminUser } from '@parley/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../components/console/form-dialog.tsx';
import { Field } from '../../components/ui/field.tsx';
import { deleteUser } from './users-api.ts';
import { useUserChange } from './use-user-change.ts';

/** Deletes an account and everything it owns, once the admin has typed its address again. */
export function DeleteUserDialog({ user, onClose }: { user: AdminUser; onClose(): void }) {
  const { t } = useTranslation();
  const [typed, setTyped] = useState('');
  const matches = typed.trim().toLowerCase() === user.email.toLowerCase();
  const change = useUserChange(() => deleteUser(user.id, typed), () => t('admin:users.deleted_toast', { email: user.email }), onClose);

  return (
    <FormDialog
      open
      title={t('admin:users.delete_title', { email: user.email })}
      description={t('admin:users.delete_description')}
      submitLabel={t('admin:users.delete')}
      tone="danger"
      busy={change.isPending}
      submitDisabled={!matches}
      error={change.errorText}
      onSubmit={() => change.mutate(undefined)}
      onOpenChange={(open) => !open && onClose()}
      data-testid="delete-user-dialog"
    >
      <Field label={t('admin:users.type_email', { email: user.email })} value={typed} autoComplete="off" onChange={(e) => setTyped(e.target.value)} data-testid="delete-confirm-email" />
    </FormDialog>
  );
}
