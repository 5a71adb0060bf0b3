import { registerSchema, type RegisterInput } from '@parley/core';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { isApiError } from '../api/api-error.ts';
import { authApi } from '../api/auth.ts';
import { Banner } from '../components/ui/banner.tsx';
import { AuthCard, linkClasses } from '../features/auth/auth-card.tsx';
import { FormField, SubmitButton } from '../features/auth/form-field.tsx';
import { useAuthStore } from '../state/auth-store.ts';
import { useAuthSubmit } from '../features/auth/use-auth-submit.ts';
import { useZodForm } from '../features/auth/use-zod-form.ts';
import { errorText } from '../locales/error-text.ts';

type FieldName = keyof RegisterInput;
type Values = Record<FieldName, string>;

const empty: Values = { name: '', username: '', email: '', password: '', confirm_password: '' };

const inputs: Array<{ name: FieldName; type: string; autoComplete: string; labelKey: string; hintKey?: string }> = [
  { name: 'name', type: 'text', autoComplete: 'name', labelKey: 'auth.fields.name' },
  { name: 'username', type: 'text', autoComplete: 'username', labelKey: 'auth.fields.username', hintKey: 'auth.fields.optional' },
  { name: 'email', type: 'email', autoComplete: 'email', labelKey: 'auth.fields.email' },
  { name: 'password', type: 'password', autoComplete: 'new-password', labelKey: 'auth.fields.password' },
  { name: 'confirm_password', type: 'password', autoComplete: 'new-password', labelKey: 'auth.fields.confirm_password' },
];

/** SPEC point 5: validated on every change by core's registerSchema, the rules the server applies. */
export function RegisterRoute() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const signIn = useAuthStore((s) => s.signIn);
  const form = useZodForm(registerSchema, { initial: empty, validate: 'touched' });
  const [banner, setBanner] = useState<string | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  // The first field takes the focus without scrolling: the page opens at its top, logo and title in view.
  useEffect(() => {
    window.scrollTo(0, 0);
    formRef.current?.querySelector('input')?.focus({ preventScroll: true });
  }, []);

  const { pending, submit } = useAuthSubmit({
    validate: form.submit,
    reset: () => setBanner(null),
    send: async (input) => {
      signIn(await authApi.register(input));
      navigate('/chat/new', { replace: true });
    },
    fail: (error) => {
      if (isApiError(error)) form.setServerErrors(error.fields);
      setBanner(`${t('auth.register.error_banner')} ${errorText(t, error)}`);
    },
  });

  return (
    <AuthCard
      title={t('auth.register.title')}
      subtitle={t('auth.register.subtitle')}
      footer={
        <>
          {t('auth.register.have_account')}{' '}
          <Link to="/login" className={linkClasses} data-testid="login-link">
            {t('auth.register.sign_in')}
          </Link>
        </>
      }
    >
      {banner ? (
        <Banner className="mb-5" data-testid="register-error">
          {banner}
        </Banner>
      ) : null}
      <form ref={formRef} noValidate onSubmit={submit} className="space-y-4" aria-label={t('auth.register.title')}>
        {inputs.map((input) => (
          <FormField
            key={input.name}
            form={form}
            name={input.name}
            label={t(input.labelKey)}
            type={input.type}
            autoComplete={input.autoComplete}
            hint={input.hintKey ? t(input.hintKey) : undefined}
            data-testid={`register-${input.name.replace('_', '-')}`}
          />
        ))}
        <SubmitButton pending={pending} className="mt-2 w-full" disabled={!form.valid || pending} data-testid="register-submit">
          {t('auth.register.submit')}
        </SubmitButton>
      </form>
    </AuthCard>
  );
}
