import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button.tsx';
import { Dialog, DialogContent } from '../../components/ui/dialog.tsx';

export interface ConfirmDialogProps {
  open: boolean;
  title: string;
  body: string;
  confirmLabel: string;
  busy?: boolean;
  busyLabel?: string;
  onConfirm(): void;
  onOpenChange(open: boolean): void;
}

/** The delete / bulk-delete / clear-all confirmation: cancel and a red confirm (SPEC point 2, dialogs). */
export function ConfirmDialog({ open, title, body, confirmLabel, busy, busyLabel, onConfirm, onOpenChange }: ConfirmDialogProps) {
  const { t } = useTranslation();
  return (
    <Dialog open={open} onOpenChange={(next) => !busy && onOpenChange(next)}>
      <DialogContent title={title} closeLabel={t('common.close')} className="max-w-md" data-testid="confirm-dialog">
        <p className="px-6 pt-4 text-sm leading-relaxed text-neutral-600 dark:text-neutral-300">{body}</p>
        <div className="flex justify-end gap-2 px-6 pb-5 pt-5">
          <Button variant="secondary" size="sm" onClick={() => onOpenChange(false)} disabled={busy} data-testid="confirm-cancel">
            {t('conversations.cancel')}
          </Button>
          <Button variant="danger" size="sm" onClick={onConfirm} disabled={busy} data-testid="confirm-delete">
            {busy ? (busyLabel ?? confirmLabel) : confirmLabel}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
