import type { FormEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Banner } from '../ui/banner.tsx';
import { Button } from '../ui/button.tsx';
import { Dialog, DialogContent } from '../ui/dialog.tsx';

export interface FormDialogProps {
  open: boolean;
  title: string;
  description?: string;
  /** The form's fields. */
  children: ReactNode;
  submitLabel: string;
  tone?: 'primary' | 'danger';
  busy?: boolean;
  /** The submit button is off (the input is not complete yet); cancel still works. */
  submitDisabled?: boolean;
  /** Already-localized failure of the last submit. */
  error?: string | null;
  /** Closes the dialog with no button to submit (a result to read, e.g. a link shown once). */
  readOnly?: boolean;
  onSubmit(): void;
  onOpenChange(open: boolean): void;
  'data-testid'?: string;
}

/** A console action that needs a few inputs (a ban's reason and end, credits to add): a small form in a dialog. */
export function FormDialog({ open, title, description, children, submitLabel, tone = 'primary', busy, submitDisabled, error, readOnly, onSubmit, onOpenChange, ...rest }: FormDialogProps) {
  const { t } = useTranslation();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!busy && !submitDisabled) onSubmit();
  };
  return (
    <Dialog open={open} onOpenChange={(next) => !busy && onOpenChange(next)}>
      <DialogContent title={title} description={description} closeLabel={t('common.close')} className="max-w-md" data-testid={rest['data-testid']}>
        <form onSubmit={submit} className="space-y-4 px-6 pb-5 pt-4" noValidate>
          {error ? <Banner tone="error">{error}</Banner> : null}
          {children}
          <div className="flex justify-end gap-2 pt-1">
            <Button variant="secondary" size="sm" onClick={() => onOpenChange(false)} disabled={busy} data-testid="form-dialog-cancel">
              {readOnly ? t('common.close') : t('common.cancel')}
            </Button>
            {readOnly ? null : (
              <Button type="submit" variant={tone} size="sm" disabled={busy || submitDisabled} data-testid="form-dialog-submit">
                {submitLabel}
              </Button>
            )}
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
