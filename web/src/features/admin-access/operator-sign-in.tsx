import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Banner } from '../../components/ui/banner.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Field } from '../../components/ui/field.tsx';
import { isApiError } from '../../api/api-error.ts';
import { errorText } from '../../locales/error-text.ts';
import { AuthCard, linkClasses } from '../auth/auth-card.tsx';
import { operatorSignIn } from './operator-api.ts';

/**
 * The operator console's sign-in where there are no accounts (`ACCESS_MODE=keys`) or the
 * operator has none: the ADMIN_PASSWORD, rate-limited by the server like a login.
 */
export function OperatorSignIn({ onSignedIn, accountsLink }: { onSignedIn(): void; accountsLink: boolean }) {
  const { t } = useTranslation();
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!password) return setError(t('console.password_required'));
    setPending(true);
    setError(null);
    try {
      await operatorSignIn({ password });
      onSignedIn();
    } catch (failure) {
      // No ADMIN_PASSWORD on the server: there is no operator to sign in.
      setError(isApiError(failure) && failure.status === 404 ? t('console.not_enabled') : errorText(t, failure));
    } finally {
      setPending(false);
    }
  }

  return (
    <main className="flex min-h-dvh items-center justify-center bg-neutral-50 px-4 dark:bg-neutral-900">
      <AuthCard
        title={t('console.sign_in_title')}
        subtitle={t('console.sign_in_subtitle')}
        footer={
          <>
            <Link to="/chat/new" className={linkClasses}>
              {t('console.back_to_chat')}
            </Link>
            {accountsLink ? (
              <>
                {' · '}
                <Link to="/login" className={linkClasses}>
                  {t('console.account_sign_in')}
                </Link>
              </>
            ) : null}
          </>
        }
      >
        <form onSubmit={submit} className="space-y-5" noValidate>
          {error ? (
            <Banner tone="error" data-testid="operator-error">
              {error}
            </Banner>
          ) : null}
          <Field
            label={t('console.password')}
            type="password"
            autoComplete="current-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            data-testid="operator-password"
          />
          <Button type="submit" className="w-full" disabled={pending} data-testid="operator-submit">
            {t('console.sign_in')}
          </Button>
        </form>
      </AuthCard>
    </main>
  );
}
