import { useTranslation } from 'react-i18next';
import { Button } from './button.tsx';
import { Dialog, DialogContent } from './dialog.tsx';

export interface ConfirmDialogProps {
  open: boolean;
  title: string;
  description: string;
  confirmLabel: string;
  /** Shown on the confirm button while `busy`; the confirm label stays when omitted. */
  busyLabel?: string;
  /** `danger` (red) for irreversible actions, the only kind asked about today. */
  tone?: 'danger' | 'primary';
  busy?: boolean;
  onConfirm(): void;
  onOpenChange(open: boolean): void;
}

/** Asks before an action with a cancel and a confirm button; stays open (and unclosable) while it runs. */
export function ConfirmDialog({ open, title, description, confirmLabel, busyLabel, tone = 'danger', busy, onConfirm, onOpenChange }: ConfirmDialogProps) {
  const { t } = useTranslation();
  return (
    <Dialog open={open} onOpenChange={(next) => !busy && onOpenChange(next)}>
      <DialogContent title={title} closeLabel={t('common.close')} className="max-w-md" data-testid="confirm-dialog">
        <p className="px-6 pt-4 text-sm leading-relaxed text-neutral-600 dark:text-neutral-300">{description}</p>
        <div className="flex justify-end gap-2 px-6 pb-5 pt-5">
          <Button variant="secondary" size="sm" onClick={() => onOpenChange(false)} disabled={busy} data-testid="confirm-cancel">
            {t('common.cancel')}
          </Button>
          <Button variant={tone} size="sm" onClick={onConfirm} disabled={busy} data-testid="confirm-action">
            {busy ? (busyLabel ?? confirmLabel) : confirmLabel}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
