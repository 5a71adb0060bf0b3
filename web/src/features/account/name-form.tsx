import { updateNameSchema } from '@parley/core';
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button.tsx';
import { Field } from '../../components/ui/field.tsx';
import { errorText, validationText } from '../../locales/error-text.ts';
import { useAuthStore } from '../../state/auth-store.ts';
import { accountApi } from './account-api.ts';

/** The account's display name, saved on submit; the sidebar's menu shows the new one at once. */
export function NameForm() {
  const { t } = useTranslation();
  const user = useAuthStore((s) => s.user);
  const [name, setName] = useState(user?.name ?? '');
  const [invalid, setInvalid] = useState<string | null>(null);
  const save = useMutation({
    mutationFn: accountApi.rename,
    onSuccess: (updated) => useAuthStore.setState({ user: updated }),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = updateNameSchema.safeParse({ name });
    if (!parsed.success) return setInvalid(validationText(t, parsed.error.issues[0]!.message));
    setInvalid(null);
    save.mutate(parsed.data.name);
  };
  return (
    <form onSubmit={submit} className="flex flex-col gap-3 sm:flex-row sm:items-end" noValidate>
      <div className="min-w-0 flex-1">
        <Field
          label={t('settings.account.name')}
          value={name}
          autoComplete="name"
          onChange={(e) => (setName(e.target.value), save.reset())}
          error={invalid ?? (save.isError ? errorText(t, save.error) : null)}
          hint={save.isSuccess ? t('settings.account.name_saved') : undefined}
          data-testid="account-name"
        />
      </div>
      <Button type="submit" size="md" variant="secondary" disabled={save.isPending || name.trim() === user?.name} data-testid="account-name-save" className={invalid || save.isError || save.isSuccess ? 'sm:mb-6' : undefined}>
        {t('settings.account.save')}
      </Button>
    </form>
  );
}
