import { cn } from '../../components/ui/cn.ts';

export interface TextParameterProps {
  id: string;
  name: string;
  multiline: boolean;
  value: string;
  placeholder?: string;
  disabled?: boolean;
  describedBy?: string;
  onChange(value: string): void;
}

const fieldClasses = cn(
  'block w-full rounded-xl border border-neutral-300 bg-white px-3 text-sm text-neutral-900 shadow-xs placeholder:text-neutral-500',
  'focus:border-emerald-500 focus:outline-none focus:ring-2 focus:ring-emerald-500/25 disabled:cursor-not-allowed disabled:bg-neutral-100 disabled:text-neutral-400',
  'dark:border-neutral-600 dark:bg-neutral-900 dark:text-neutral-100 dark:placeholder:text-neutral-400 dark:disabled:bg-neutral-800',
);

/** A label or prompt field; empty text is stored as null, the "not set" of SPEC point 3 defaults. */
export function TextParameter({ id, name, multiline, value, placeholder, disabled, describedBy, onChange }: TextParameterProps) {
  const common = {
    id,
    value,
    placeholder,
    disabled,
    'aria-describedby': describedBy,
    'data-testid': `param-${name}`,
    onChange: (event: { target: { value: string } }) => onChange(event.target.value),
  };
  return multiline ? (
    <textarea {...common} rows={3} className={cn(fieldClasses, 'max-h-52 min-h-20 resize-y py-2 leading-relaxed')} />
  ) : (
    <input {...common} type="text" autoComplete="off" className={cn(fieldClasses, 'h-9')} />
  );
}
