import type { AdminUser } from '@parley/core';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../components/console/form-dialog.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Input } from '../../components/ui/input.tsx';
import { useCopy } from '../../components/use-copy.ts';
import { resetLink } from './users-api.ts';
import { useUserChange } from './use-user-change.ts';

/** Makes a one-time password reset link and shows it to the admin, who hands it over privately. */
export function ResetLinkDialog({ user, onClose }: { user: AdminUser; onClose(): void }) {
  const { t } = useTranslation();
  const { copied, copy } = useCopy();
  const change = useUserChange(() => resetLink(user.id), () => t('admin:users.link_made'));
  const link = change.data?.link;

  return (
    <FormDialog
      open
      readOnly={Boolean(link)}
      title={t('admin:users.reset_title', { email: user.email })}
      description={change.data ? t('admin:users.reset_description', { minutes: change.data.expiresInMinutes }) : t('admin:users.reset_ask')}
      submitLabel={t('admin:users.make_link')}
      busy={change.isPending}
      error={change.errorText}
      onSubmit={() => change.mutate(undefined)}
      onOpenChange={(open) => !open && onClose()}
      data-testid="reset-link-dialog"
    >
      {link ? (
        <div className="flex gap-2">
          <Input readOnly value={link} aria-label={t('admin:users.reset_link')} onFocus={(e) => e.target.select()} data-testid="reset-link" />
          <Button variant="secondary" onClick={() => copy(link)} data-testid="reset-link-copy">
            {copied ? t('admin:users.copied') : t('admin:users.copy')}
          </Button>
        </div>
      ) : null}
    </FormDialog>
  );
}
