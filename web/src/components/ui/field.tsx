import { useId, type ReactNode } from 'react';
import { Input, type InputProps } from './input.tsx';
import { Label } from './label.tsx';

export interface FieldProps extends Omit<InputProps, 'id' | 'invalid'> {
  label: string;
  /** Already-localized error text; its presence marks the input invalid. */
  error?: string | null;
  hint?: ReactNode;
  labelAside?: ReactNode;
}

/** A labelled input with its error text wired through aria-describedby. */
export function Field({ label, error, hint, labelAside, ...inputProps }: FieldProps) {
  const id = useId();
  const messageId = `${id}-message`;
  return (
    <div className="space-y-1.5">
      <div className="flex items-baseline justify-between gap-2">
        <Label htmlFor={id}>{label}</Label>
        {labelAside}
      </div>
      <Input id={id} invalid={Boolean(error)} aria-describedby={error || hint ? messageId : undefined} {...inputProps} />
      {error ? (
        <p id={messageId} role="alert" className="text-xs text-red-600 dark:text-red-400">
          {error}
        </p>
      ) : hint ? (
        <p id={messageId} className="text-xs text-neutral-500 dark:text-neutral-400">
          {hint}
        </p>
      ) : null}
    </div>
  );
}
