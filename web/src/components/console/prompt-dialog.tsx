import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../ui/button.tsx';
import { Dialog, DialogContent } from '../ui/dialog.tsx';
import { Field } from '../ui/field.tsx';

export interface PromptDialogProps {
  open: boolean;
  title: string;
  description?: string;
  label: string;
  confirmLabel: string;
  /** `number`: a whole number from 1; `text`: a non-empty line. */
  kind: 'number' | 'text';
  busy?: boolean;
  /** Already-localized error of the last try. */
  error?: string | null;
  onSubmit(value: string): void;
  onOpenChange(open: boolean): void;
}

/** Asks for one value (an amount, a number of days, a reason) before a console action. */
export function PromptDialog({ open, title, description, label, confirmLabel, kind, busy, error, onSubmit, onOpenChange }: PromptDialogProps) {
  const { t } = useTranslation();
  const [value, setValue] = useState('');
  const valid = kind === 'number' ? /^[1-9]\d{0,15}$/.test(value.trim()) : value.trim().length > 0;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (valid && !busy) onSubmit(value.trim());
  };
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (busy) return;
        if (!next) setValue('');
        onOpenChange(next);
      }}
    >
      <DialogContent title={title} description={description} closeLabel={t('common.close')} className="max-w-md" data-testid="prompt-dialog">
        <form onSubmit={submit} className="space-y-4 px-6 py-5">
          <Field
            label={label}
            value={value}
            onChange={(event) => setValue(event.target.value)}
            inputMode={kind === 'number' ? 'numeric' : 'text'}
            maxLength={kind === 'number' ? 16 : 500}
            autoFocus
            error={error}
            data-testid="prompt-input"
          />
          <div className="flex justify-end gap-2">
            <Button variant="secondary" size="sm" onClick={() => onOpenChange(false)} disabled={busy}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" size="sm" disabled={!valid || busy} data-testid="prompt-confirm">
              {confirmLabel}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
