import { resetPasswordSchema } from '@parley/core';
import { CircleCheck } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { isApiError } from '../api/api-error.ts';
import { authApi } from '../api/auth.ts';
import { Banner } from '../components/ui/banner.tsx';
import { Button } from '../components/ui/button.tsx';
import { AuthCard, linkClasses } from '../features/auth/auth-card.tsx';
import { FormField, SubmitButton } from '../features/auth/form-field.tsx';
import { useAuthSubmit } from '../features/auth/use-auth-submit.ts';
import { useZodForm } from '../features/auth/use-zod-form.ts';
import { errorText } from '../locales/error-text.ts';

type Outcome = { kind: 'done' } | { kind: 'invalid-token' } | { kind: 'error'; text: string };

export function ResetPasswordRoute() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const userId = params.get('userId') ?? '';
  const link = useMemo(() => ({ token, userId }), [token, userId]);
  const form = useZodForm(resetPasswordSchema, { initial: { password: '', confirm_password: '' }, validate: 'touched', context: link });
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  const { pending, submit } = useAuthSubmit({
    validate: form.submit,
    reset: () => setOutcome(null),
    send: async (input) => {
      await authApi.resetPassword(input);
      setOutcome({ kind: 'done' });
    },
    fail: (error) => {
      const invalid = isApiError(error) && error.code === 'reset_token_invalid';
      setOutcome(invalid ? { kind: 'invalid-token' } : { kind: 'error', text: errorText(t, error) });
    },
  });

  if (outcome?.kind === 'done') {
    return (
      <AuthCard title={t('auth.reset.title')}>
        <div className="flex flex-col items-center gap-5 text-center">
          <CircleCheck aria-hidden className="size-10 text-emerald-600 dark:text-emerald-400" />
          <p className="text-sm text-neutral-700 dark:text-neutral-300" data-testid="reset-success" role="status">
            {t('auth.reset.success')}
          </p>
          <Button className="w-full" onClick={() => navigate('/login')} data-testid="reset-continue">
            {t('auth.reset.continue')}
          </Button>
        </div>
      </AuthCard>
    );
  }

  const missing = [!token && t('validation.reset.token'), !userId && t('validation.reset.userId')].filter(Boolean);

  return (
    <AuthCard
      title={t('auth.reset.title')}
      subtitle={t('auth.reset.subtitle')}
      footer={
        <Link to="/login" className={linkClasses} data-testid="back-to-login">
          {t('auth.forgot.back_to_login')}
        </Link>
      }
    >
      <div className="mb-5 space-y-3 empty:hidden">
        {missing.map((text) => (
          <Banner key={String(text)} data-testid="reset-missing">
            {text}
          </Banner>
        ))}
        {outcome?.kind === 'invalid-token' ? (
          <Banner data-testid="reset-error">
            {t('errors.reset_token_invalid')}{' '}
            <Link to="/forgot-password" className={linkClasses} data-testid="reset-request-new">
              {t('auth.reset.request_new')}
            </Link>
          </Banner>
        ) : null}
        {outcome?.kind === 'error' ? <Banner data-testid="reset-error">{outcome.text}</Banner> : null}
      </div>
      <form noValidate onSubmit={submit} className="space-y-5" aria-label={t('auth.reset.title')}>
        <FormField form={form} name="password" label={t('auth.fields.new_password')} type="password" autoComplete="new-password" autoFocus data-testid="reset-password" />
        <FormField
          form={form}
          name="confirm_password"
          label={t('auth.fields.confirm_password')}
          type="password"
          autoComplete="new-password"
          // SPEC point 5: the confirmation must be typed, not pasted.
          onPaste={(e) => e.preventDefault()}
          data-testid="reset-confirm-password"
        />
        <SubmitButton pending={pending} disabled={pending || missing.length > 0} data-testid="reset-submit">
          {t('auth.reset.submit')}
        </SubmitButton>
      </form>
    </AuthCard>
  );
}
