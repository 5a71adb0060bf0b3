import { fieldErrors } from '@parley/core';
import { useMemo, useState } from 'react';
import type { z } from 'zod';

/**
 * When a field's client-side error shows: `submit` only after a submit attempt (and until the next
 * one), `touched` live once the field has been edited (every field after a submit attempt).
 */
type ValidateMode = 'submit' | 'touched';

export interface ZodFormOptions<F extends string> {
  initial: Record<F, string>;
  validate: ValidateMode;
  /** Parsed with the fields but not edited in the form (the reset link's token and user id). */
  context?: Record<string, unknown>;
}

/** What a form's fields read and write (FormField). */
export interface ZodForm<F extends string> {
  values: Record<F, string>;
  setValue(name: F, value: string): void;
  /** A message key (translate it with validationText). */
  error(name: F): string | undefined;
}

/**
 * An auth form's values checked by one of core's zod schemas, the rules the server applies.
 * Errors are message keys (translate them with validationText); a server's field errors, set after
 * a refused submit, win over the client's until their field is edited.
 */
export function useZodForm<S extends z.ZodType, F extends string>(schema: S, { initial, validate, context }: ZodFormOptions<F>) {
  const [values, setValues] = useState(initial);
  const [touched, setTouched] = useState<Partial<Record<F, true>>>({});
  const [submitErrors, setSubmitErrors] = useState<Record<string, string>>({});
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});

  const parsed = useMemo(() => schema.safeParse({ ...context, ...values }), [schema, context, values]);
  const liveErrors = useMemo(() => (parsed.success ? {} : fieldErrors(parsed.error)), [parsed]);

  function setValue(name: F, value: string) {
    setValues((v) => ({ ...v, [name]: value }));
    setTouched((v) => ({ ...v, [name]: true }));
    setServerErrors(({ [name]: _dropped, ...rest }) => rest);
  }

  /** Marks a submit attempt; the parsed input when valid, else null (its errors now show). */
  function submit(): z.output<S> | null {
    if (validate === 'submit') setSubmitErrors(liveErrors);
    else setTouched(Object.fromEntries(Object.keys(values).map((name) => [name, true])) as Record<F, true>);
    return parsed.success ? parsed.data : null;
  }

  function error(name: F): string | undefined {
    if (serverErrors[name]) return serverErrors[name];
    if (validate === 'submit') return submitErrors[name];
    return touched[name] ? liveErrors[name] : undefined;
  }

  return { values, setValue, submit, error, valid: parsed.success, setServerErrors };
}
