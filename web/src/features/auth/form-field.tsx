import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, type ButtonProps } from '../../components/ui/button.tsx';
import { Field, type FieldProps } from '../../components/ui/field.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { validationText } from '../../locales/error-text.ts';
import type { ZodForm } from './use-zod-form.ts';

export interface FormFieldProps<F extends string> extends Omit<FieldProps, 'form' | 'name' | 'value' | 'onChange' | 'error'> {
  form: ZodForm<F>;
  name: F;
}

/** One field of an auth form: its value, its edits and its translated error, all from the form. */
export function FormField<F extends string>({ form, name, ...props }: FormFieldProps<F>) {
  const { t } = useTranslation();
  const error = form.error(name);
  return (
    <Field
      name={name}
      value={form.values[name]}
      onChange={(e) => form.setValue(name, e.target.value)}
      error={error ? validationText(t, error) : null}
      {...props}
    />
  );
}

/** An auth form's submit button, spinning while its request is on the way. */
export function SubmitButton({ pending, children, className, ...props }: ButtonProps & { pending: boolean; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Button type="submit" className={className ?? 'w-full'} {...props}>
      {pending ? <Spinner label={t('common.loading')} className="size-4 text-white" /> : null}
      {children}
    </Button>
  );
}
