import { requestPasswordResetSchema, timings } from '@parley/core';
import { MailCheck, UserCog } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { isApiError } from '../api/api-error.ts';
import { authApi } from '../api/auth.ts';
import { Banner } from '../components/ui/banner.tsx';
import { AuthCard, linkClasses } from '../features/auth/auth-card.tsx';
import { FormField, SubmitButton } from '../features/auth/form-field.tsx';
import { useDelayedError } from '../features/auth/use-delayed-error.ts';
import { useAuthSubmit } from '../features/auth/use-auth-submit.ts';
import { useZodForm } from '../features/auth/use-zod-form.ts';
import { errorText } from '../locales/error-text.ts';

/** What became of the request: mailed, a link to show (ALLOW_PASSWORD_RESET_LINK), or no reset here at all. */
type Outcome = { kind: 'mailed' } | { kind: 'link'; link: string } | { kind: 'unavailable'; text: string };

export function ForgotPasswordRoute() {
  const { t } = useTranslation();
  const form = useZodForm(requestPasswordResetSchema, { initial: { email: '' }, validate: 'submit' });
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  // SPEC point 8: the unknown-email text shows as a banner for 5 s.
  const failure = useDelayedError(0, timings.authErrorBanner);

  const { pending, submit } = useAuthSubmit({
    validate: form.submit,
    reset: failure.clear,
    send: async (input) => {
      const answer = await authApi.requestPasswordReset(input);
      setOutcome(answer.link ? { kind: 'link', link: answer.link } : { kind: 'mailed' });
    },
    fail: (error) => {
      // Without mail no address will ever work, so this is an answer, not a passing error.
      if (isApiError(error) && error.code === 'password_reset_unavailable') setOutcome({ kind: 'unavailable', text: errorText(t, error) });
      else failure.show(errorText(t, error));
    },
  });

  const backToLogin = (
    <Link to="/login" className={linkClasses} data-testid="back-to-login">
      {t('auth.forgot.back_to_login')}
    </Link>
  );

  if (outcome) {
    const Icon = outcome.kind === 'unavailable' ? UserCog : MailCheck;
    return (
      <AuthCard title={t('auth.forgot.title')} footer={backToLogin}>
        <div className="flex flex-col items-center gap-4 text-center">
          <Icon
            aria-hidden
            className={`size-10 ${outcome.kind === 'unavailable' ? 'text-neutral-500 dark:text-neutral-400' : 'text-emerald-600 dark:text-emerald-400'}`}
          />
          {outcome.kind === 'link' ? (
            <Banner tone="info" data-testid="reset-link-notice" className="text-left">
              <p>{t('auth.forgot.link_notice')}</p>
              <a href={outcome.link} className={`${linkClasses} mt-2 inline-block`} data-testid="reset-link">
                {t('auth.forgot.link_action')}
              </a>
            </Banner>
          ) : outcome.kind === 'unavailable' ? (
            <Banner tone="info" data-testid="reset-unavailable" className="text-left">
              {outcome.text}
            </Banner>
          ) : (
            <Banner tone="success" data-testid="reset-email-sent" className="text-left">
              {t('auth.forgot.email_sent')}
            </Banner>
          )}
        </div>
      </AuthCard>
    );
  }

  return (
    <AuthCard title={t('auth.forgot.title')} subtitle={t('auth.forgot.subtitle')} footer={backToLogin}>
      {failure.error ? (
        <Banner className="mb-5" data-testid="forgot-error">
          {failure.error}
        </Banner>
      ) : null}
      <form noValidate onSubmit={submit} className="space-y-5" aria-label={t('auth.forgot.title')}>
        <FormField form={form} name="email" label={t('auth.fields.email')} type="email" autoComplete="email" autoFocus data-testid="forgot-email" />
        <SubmitButton pending={pending} disabled={pending} data-testid="forgot-submit">
          {t('auth.forgot.submit')}
        </SubmitButton>
      </form>
    </AuthCard>
  );
}
