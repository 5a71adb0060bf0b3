import type { EndpointName } from '@parley/core';
import { KeyRound } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button.tsx';
import { useKeyDialog } from './key-dialog-store.ts';

/** Under a refused or expired key's chat error: opens that endpoint's key dialog, to set a new one. */
export function SetKeyLink({ endpoint }: { endpoint: EndpointName }) {
  const { t } = useTranslation();
  const open = useKeyDialog((s) => s.open);
  return (
    <div className="mt-3">
      <Button size="sm" variant="secondary" onClick={() => open(endpoint)} data-testid="error-set-key">
        <KeyRound aria-hidden className="size-4" />
        {t('keys.set_key')}
      </Button>
    </div>
  );
}
