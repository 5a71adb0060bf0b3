import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button.tsx';
import { Dialog, DialogContent } from '../../components/ui/dialog.tsx';

export interface ConfirmActionDialogProps {
  open: boolean;
  title: string;
  body: string;
  confirmLabel: string;
  busy: boolean;
  onConfirm(): void;
  onOpenChange(open: boolean): void;
}

/** Asks before an irreversible data action of the settings; stays open (and unclosable) while it runs. */
export function ConfirmActionDialog({ open, title, body, confirmLabel, busy, onConfirm, onOpenChange }: ConfirmActionDialogProps) {
  const { t } = useTranslation();
  return (
    <Dialog open={open} onOpenChange={(next) => !busy && onOpenChange(next)}>
      <DialogContent title={title} closeLabel={t('common.close')} className="max-w-md" data-testid="confirm-action-dialog">
        <p className="px-6 pt-4 text-sm leading-relaxed text-neutral-600 dark:text-neutral-300">{body}</p>
        <div className="flex justify-end gap-2 px-6 pb-5 pt-5">
          <Button variant="secondary" size="sm" onClick={() => onOpenChange(false)} disabled={busy} data-testid="confirm-action-cancel">
            {t('settings.data.cancel')}
          </Button>
          <Button variant="danger" size="sm" onClick={onConfirm} disabled={busy} data-testid="confirm-action">
            {busy ? t('settings.data.working') : confirmLabel}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
