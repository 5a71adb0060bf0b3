import { loginSchema, timings } from '@parley/core';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { authApi } from '../api/auth.ts';
import { useStartupConfig } from '../api/use-startup-config.ts';
import { Banner } from '../components/ui/banner.tsx';
import { AuthCard, linkClasses } from '../features/auth/auth-card.tsx';
import { FormField, SubmitButton } from '../features/auth/form-field.tsx';
import { AccessKeyLoginLink } from '../features/access/access-key-login-link.tsx';
import { useAuthStore } from '../state/auth-store.ts';
import { SocialButtons } from '../features/auth/social-buttons.tsx';
import { useDelayedError } from '../features/auth/use-delayed-error.ts';
import { useAuthSubmit } from '../features/auth/use-auth-submit.ts';
import { useZodForm } from '../features/auth/use-zod-form.ts';
import { errorText } from '../locales/error-text.ts';

export function LoginRoute() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const config = useStartupConfig().data;
  const signIn = useAuthStore((s) => s.signIn);
  const notice = useAuthStore((s) => s.notice);
  const form = useZodForm(loginSchema, { initial: { email: '', password: '' }, validate: 'submit' });
  const failure = useDelayedError(timings.errorDisplayDelay);

  const { pending, submit } = useAuthSubmit({
    validate: form.submit,
    reset: failure.clear,
    send: async (input) => {
      signIn(await authApi.login(input));
      navigate('/chat/new', { replace: true });
    },
    fail: (error) => failure.show(errorText(t, error)),
  });

  return (
    <AuthCard
      title={t('auth.login.title')}
      subtitle={t('auth.login.subtitle')}
      footer={
        <>
          {config?.registrationEnabled ? (
            <>
              {t('auth.login.no_account')}{' '}
              <Link to="/register" className={linkClasses} data-testid="register-link">
                {t('auth.login.sign_up')}
              </Link>
            </>
          ) : null}
          <AccessKeyLoginLink className={linkClasses} />
        </>
      }
    >
      <div className="mb-5 space-y-3 empty:hidden">
        {params.get('error') === 'social_login_failed' ? (
          <Banner data-testid="social-login-error">{t('errors.social_login_failed')}</Banner>
        ) : null}
        {(notice === 'banned' || params.get('error') === 'banned') && !failure.error ? (
          <Banner data-testid="login-error">{t('errors.banned')}</Banner>
        ) : null}
        {failure.error ? <Banner data-testid="login-error">{failure.error}</Banner> : null}
      </div>
      <form noValidate onSubmit={submit} className="space-y-5" aria-label={t('auth.login.title')}>
        <FormField form={form} name="email" label={t('auth.fields.email')} type="email" autoComplete="email" autoFocus data-testid="login-email" />
        <FormField form={form} name="password" label={t('auth.fields.password')} type="password" autoComplete="current-password" data-testid="login-password" />
        <div className="-mt-2 flex justify-end">
          <Link to="/forgot-password" className={`${linkClasses} text-sm`} data-testid="forgot-password-link">
            {t('auth.login.forgot')}
          </Link>
        </div>
        <SubmitButton pending={pending} disabled={pending} data-testid="login-submit">
          {t('auth.login.submit')}
        </SubmitButton>
      </form>
      {config ? <SocialButtons config={config} /> : null}
    </AuthCard>
  );
}
