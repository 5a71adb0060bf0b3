import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { setStoredApiKey } from '../../api/session.ts';

/**
 * SPEC point 5: a saved key is stored as `apiKey` (the client sends it as the bearer from then on)
 * and the app goes to the root. The cached lists belonged to the previous owner, so every query
 * starts again under the key.
 */
export function useSaveAccessKey(): (key: string) => void {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return (key) => {
    setStoredApiKey(key);
    void queryClient.resetQueries();
    void navigate('/', { replace: true });
  };
}
