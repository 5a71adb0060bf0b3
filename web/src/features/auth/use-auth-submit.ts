import { useState, type FormEvent } from 'react';

interface AuthSubmit<T> {
  /** Validates the fields (shown under them when they fail): the input to send, or null. */
  validate(): T | null;
  /** Clears what the last attempt showed (a banner, an outcome), before the fields are checked. */
  reset?(): void;
  send(input: T): Promise<void>;
  /** The request failed: what the form shows for it. */
  fail(error: unknown): void;
}

/**
 * The submit of an auth form (sign-in, register, forgot and reset password): the page does not
 * reload, valid fields are sent once at a time, and the button shows `pending` while they go.
 */
export function useAuthSubmit<T>({ validate, reset, send, fail }: AuthSubmit<T>) {
  const [pending, setPending] = useState(false);
  async function submit(event: FormEvent) {
    event.preventDefault();
    reset?.();
    const input = validate();
    if (!input) return;
    setPending(true);
    try {
      await send(input);
    } catch (error) {
      fail(error);
    } finally {
      setPending(false);
    }
  }
  return { pending, submit };
}
