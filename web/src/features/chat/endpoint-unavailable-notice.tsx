import { endpointDisplayNames, resolveEndpoint } from '@parley/core';
import { CircleAlert } from 'lucide-react';
import { useTranslation } from 'react-i18next';

/**
 * Above the input of a conversation whose endpoint the server no longer offers: it is not sent
 * elsewhere unasked; the user picks another endpoint's model in the picker to go on.
 */
export function EndpointUnavailableNotice({ endpoint }: { endpoint: string }) {
  const { t } = useTranslation();
  const known = resolveEndpoint(endpoint);
  return (
    <p
      role="status"
      data-testid="endpoint-unavailable"
      className="mb-2 flex items-start gap-2 rounded-xl border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900 dark:border-amber-800/70 dark:bg-amber-950/40 dark:text-amber-200"
    >
      <CircleAlert aria-hidden className="mt-0.5 size-4 shrink-0" />
      {t('chat.endpoint_unavailable', { endpoint: known ? endpointDisplayNames[known] : endpoint })}
    </p>
  );
}
