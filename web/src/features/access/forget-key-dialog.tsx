import { Check, Copy, LogOut } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button.tsx';
import { Dialog, DialogContent } from '../../components/ui/dialog.tsx';
import { useCopy } from '../../components/use-copy.ts';
import { useAccess } from '../../state/use-access.ts';
import { maskAccessKey } from './access-key.ts';
import { useAccessDialogs } from './access-dialogs-store.ts';
import { forgetAccessKey } from './forget-access-key.ts';

/**
 * Logging out of a key (keys mode has no account to sign back into): says that the key is
 * forgotten on this device, and offers to copy it first, since the key is the only way back.
 */
export function ForgetKeyDialog() {
  const { t } = useTranslation();
  const open = useAccessDialogs((s) => s.open === 'forget');
  const close = useAccessDialogs((s) => s.close);
  const { apiKey } = useAccess();
  const { copied, copy } = useCopy();
  return (
    <Dialog open={open} onOpenChange={(next) => !next && close()}>
      <DialogContent title={t('access.forget.title')} closeLabel={t('common.close')} className="max-w-md" data-testid="forget-key-dialog">
        <div className="space-y-5 px-6 py-5">
          <p className="text-sm leading-relaxed text-neutral-600 dark:text-neutral-300">{t('access.forget.body')}</p>
          {apiKey ? (
            <div className="flex items-center gap-3 rounded-xl border border-neutral-200 px-4 py-3 dark:border-neutral-700">
              <code className="min-w-0 flex-1 truncate font-mono text-sm text-neutral-800 dark:text-neutral-100">{maskAccessKey(apiKey)}</code>
              <Button variant="secondary" size="sm" onClick={() => copy(apiKey)} data-testid="forget-copy-key">
                {copied ? <Check aria-hidden className="size-4 text-emerald-600" /> : <Copy aria-hidden className="size-4" />}
                {copied ? t('buy.copied') : t('access.forget.copy')}
              </Button>
            </div>
          ) : null}
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button variant="secondary" onClick={close} data-testid="forget-cancel">
              {t('common.cancel')}
            </Button>
            <Button variant="danger" onClick={forgetAccessKey} data-testid="forget-confirm">
              <LogOut aria-hidden className="size-4" />
              {t('access.forget.confirm')}
            </Button>
          </div>
        </div>
      </DialogContent>
    </Dialog>
  );
}
