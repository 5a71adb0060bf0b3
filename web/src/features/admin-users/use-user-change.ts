import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { showToast } from '../../components/ui/toast-store.ts';
import { errorText } from '../../locales/error-text.ts';

/**
 * One change to an account from the console: sent, then the list fetched again and a toast
 * saying it is done; a failure stays in the dialog (`errorText`) for the admin to read, or, for an
 * action without a dialog (`toastError`), shows as a toast.
 */
export function useUserChange<I, O>(send: (input: I) => Promise<O>, doneText: (output: O, input: I) => string, onDone?: (output: O) => void, toastError = false) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const mutation = useMutation({
    mutationFn: send,
    onSuccess: async (output, input) => {
      await client.invalidateQueries({ queryKey: ['admin', 'users'] });
      showToast(doneText(output, input), 'success');
      onDone?.(output);
    },
    onError: (error) => {
      if (toastError) showToast(errorText(t, error));
    },
  });
  return { ...mutation, errorText: mutation.error ? errorText(t, mutation.error) : null };
}
