export interface ExportOptionProps {
  id: string;
  label: string;
  hint: string;
  checked: boolean;
  disabled: boolean;
  onChange(checked: boolean): void;
  'data-testid': string;
}

/** One yes/no choice of the export dialog: a checkbox, its label and a line saying what it does. */
export function ExportOption({ id, label, hint, checked, disabled, onChange, ...rest }: ExportOptionProps) {
  return (
    <div className="flex items-start gap-3 px-4 py-3">
      <input
        id={id}
        type="checkbox"
        checked={checked}
        disabled={disabled}
        onChange={(event) => onChange(event.target.checked)}
        aria-describedby={`${id}-hint`}
        data-testid={rest['data-testid']}
        className="mt-0.5 size-4 shrink-0 cursor-pointer accent-emerald-600 disabled:cursor-not-allowed disabled:opacity-50"
      />
      <div className="min-w-0">
        <label htmlFor={id} className={disabled ? 'text-sm font-medium text-neutral-400 dark:text-neutral-500' : 'cursor-pointer text-sm font-medium text-neutral-800 dark:text-neutral-100'}>
          {label}
        </label>
        <p id={`${id}-hint`} className="mt-0.5 text-xs leading-relaxed text-neutral-500 dark:text-neutral-400">
          {hint}
        </p>
      </div>
    </div>
  );
}
