import { changePasswordSchema, fieldErrors, type ChangePasswordBody } from '@parley/core';
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Banner } from '../../components/ui/banner.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Field } from '../../components/ui/field.tsx';
import { errorText, validationText } from '../../locales/error-text.ts';
import { useAuthStore } from '../../state/auth-store.ts';
import { accountApi } from './account-api.ts';

const empty: ChangePasswordBody = { currentPassword: '', password: '', confirm_password: '' };
const fields = [
  { name: 'currentPassword', labelKey: 'settings.account.current_password', autoComplete: 'current-password' },
  { name: 'password', labelKey: 'settings.account.new_password', autoComplete: 'new-password' },
  { name: 'confirm_password', labelKey: 'settings.account.confirm_password', autoComplete: 'new-password' },
] as const;

/** Changing the password: the current one first; the server ends every other login and signs this one in again. */
export function PasswordForm() {
  const { t } = useTranslation();
  const [values, setValues] = useState(empty);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const change = useMutation({
    mutationFn: accountApi.changePassword,
    onSuccess: (session) => {
      useAuthStore.getState().signIn(session);
      setValues(empty);
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = changePasswordSchema.safeParse(values);
    setErrors(parsed.success ? {} : fieldErrors(parsed.error));
    if (parsed.success) change.mutate(parsed.data);
  };
  return (
    <form onSubmit={submit} className="space-y-3" noValidate data-testid="password-form">
      {fields.map((field) => (
        <Field
          key={field.name}
          type="password"
          label={t(field.labelKey)}
          autoComplete={field.autoComplete}
          value={values[field.name]}
          onChange={(e) => (setValues({ ...values, [field.name]: e.target.value }), change.reset())}
          error={errors[field.name] ? validationText(t, errors[field.name]!) : null}
          data-testid={`password-${field.name}`}
        />
      ))}
      {change.isError ? <Banner data-testid="password-failed">{errorText(t, change.error)}</Banner> : null}
      {change.isSuccess ? (
        <Banner tone="success" data-testid="password-changed">
          {t('settings.account.password_changed')}
        </Banner>
      ) : null}
      <Button type="submit" variant="secondary" size="sm" disabled={change.isPending} data-testid="password-save">
        {t('settings.account.change_password')}
      </Button>
    </form>
  );
}
