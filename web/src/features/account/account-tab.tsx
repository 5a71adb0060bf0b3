import { LogOut, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Banner } from '../../components/ui/banner.tsx';
import { buttonClasses } from '../../components/ui/button.tsx';
import { ConfirmDialog } from '../../components/ui/confirm-dialog.tsx';
import { useAuthStore } from '../../state/auth-store.ts';
import { accountApi } from './account-api.ts';
import { DeleteAccountDialog } from './delete-account-dialog.tsx';
import { leaveSession } from './leave-session.ts';
import { NameForm } from './name-form.tsx';
import { PasswordForm } from './password-form.tsx';
import { SettingsSection } from './settings-section.tsx';

const dangerButton = buttonClasses('secondary', 'sm', 'text-red-600 hover:text-red-700 dark:text-red-400 dark:hover:text-red-300');

/** Settings → Account: name, password, signing out everywhere and deleting the account. */
export function AccountTab() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const user = useAuthStore((s) => s.user);
  const [asking, setAsking] = useState<'everywhere' | 'delete' | null>(null);
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  if (!user) return null;
  const hasPassword = user.provider === 'local';

  const signOutEverywhere = async () => {
    setBusy(true);
    setFailed(false);
    try {
      await accountApi.logoutEverywhere();
      leaveSession();
      navigate('/login', { replace: true });
    } catch {
      setFailed(true);
      setAsking(null);
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="px-1" data-testid="account-tab">
      <SettingsSection title={t('settings.account.profile')} hint={user.email}>
        <NameForm />
      </SettingsSection>
      {hasPassword ? (
        <SettingsSection title={t('settings.account.password')} hint={t('settings.account.password_hint')}>
          <PasswordForm />
        </SettingsSection>
      ) : null}
      <SettingsSection title={t('settings.account.everywhere_title')} hint={t('settings.account.everywhere_hint')}>
        <button type="button" className={buttonClasses('secondary', 'sm')} onClick={() => setAsking('everywhere')} data-testid="logout-everywhere">
          <LogOut aria-hidden className="size-4" />
          {t('settings.account.everywhere_button')}
        </button>
        {failed ? (
          <Banner className="mt-3" data-testid="logout-everywhere-failed">
            {t('settings.data.failed')}
          </Banner>
        ) : null}
      </SettingsSection>
      <SettingsSection title={t('settings.account.delete_title')} hint={t('settings.account.delete_hint')} danger>
        <button type="button" className={dangerButton} onClick={() => setAsking('delete')} data-testid="delete-account">
          <Trash2 aria-hidden className="size-4" />
          {t('settings.account.delete_button')}
        </button>
      </SettingsSection>
      <ConfirmDialog
        open={asking === 'everywhere'}
        title={t('settings.account.everywhere_confirm_title')}
        description={t('settings.account.everywhere_confirm_body')}
        confirmLabel={t('settings.account.everywhere_button')}
        busy={busy}
        busyLabel={t('settings.data.working')}
        onConfirm={() => void signOutEverywhere()}
        onOpenChange={(open) => !open && setAsking(null)}
      />
      <DeleteAccountDialog open={asking === 'delete'} onOpenChange={(open) => !open && setAsking(null)} email={user.email} hasPassword={hasPassword} />
    </div>
  );
}
