import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useStartupConfig } from '../../api/use-startup-config.ts';

/** In `both` mode the sign-in page also leads to the chat without an account: with an access key, or free. */
export function AccessKeyLoginLink({ className }: { className: string }) {
  const { t } = useTranslation();
  if (useStartupConfig().data?.accessMode !== 'both') return null;
  return (
    <p className="mt-2">
      {t('access.login.have_key')}{' '}
      <Link to="/chat/new" className={className} data-testid="login-use-key">
        {t('access.login.use_key')}
      </Link>
    </p>
  );
}
