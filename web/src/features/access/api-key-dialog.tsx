import { KeyRound } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button.tsx';
import { Dialog, DialogContent } from '../../components/ui/dialog.tsx';
import { maskAccessKey } from './access-key.ts';
import { AccessKeyForm } from './access-key-form.tsx';
import { useAccessDialogs } from './access-dialogs-store.ts';
import { forgetAccessKey } from './forget-access-key.ts';
import { KeyLinks } from './key-links.tsx';
import { useAccess } from '../../state/use-access.ts';

/** The API-key configuration dialog (SPEC point 2): the key in use, a new one to save, or none. */
export function ApiKeyDialog() {
  const { t } = useTranslation();
  const open = useAccessDialogs((s) => s.open === 'key');
  const close = useAccessDialogs((s) => s.close);
  const { apiKey } = useAccess();

  return (
    <Dialog open={open} onOpenChange={(next) => !next && close()}>
      <DialogContent title={t('access.key_dialog.title')} closeLabel={t('common.close')} className="max-w-md" data-testid="api-key-dialog">
        <div className="space-y-5 px-6 py-5">
          <div className="flex items-center gap-3 rounded-xl border border-neutral-200 px-4 py-3 dark:border-neutral-700">
            <KeyRound aria-hidden className="size-4 shrink-0 text-neutral-500 dark:text-neutral-400" />
            <p className="min-w-0 flex-1 text-sm text-neutral-700 dark:text-neutral-200" data-testid="api-key-current">
              {apiKey ? t('access.key_dialog.current', { key: maskAccessKey(apiKey) }) : t('access.key_dialog.none')}
            </p>
            {apiKey ? (
              <Button variant="ghost" size="sm" className="text-red-600 dark:text-red-400" onClick={forgetAccessKey} data-testid="api-key-remove">
                {t('access.key_dialog.remove')}
              </Button>
            ) : null}
          </div>
          <AccessKeyForm
            onSaved={close}
            secondary={
              <Button variant="secondary" onClick={close}>
                {t('common.cancel')}
              </Button>
            }
          />
          <KeyLinks className="border-t border-neutral-200 pt-4 dark:border-neutral-700" />
        </div>
      </DialogContent>
    </Dialog>
  );
}
