import * as SwitchPrimitive from '@radix-ui/react-switch';

export interface SwitchRowProps {
  id: string;
  label: string;
  hint: string;
  checked: boolean;
  onCheckedChange(checked: boolean): void;
  'data-testid': string;
}

/** One on/off setting: its label and a line of explanation on the left, the switch on the right. */
export function SwitchRow({ id, label, hint, checked, onCheckedChange, ...rest }: SwitchRowProps) {
  return (
    <div className="flex items-center justify-between gap-4 border-b border-neutral-100 py-4 last:border-b-0 dark:border-neutral-700/60">
      <div className="min-w-0">
        <label htmlFor={id} className="text-sm font-medium text-neutral-800 dark:text-neutral-200">
          {label}
        </label>
        <p id={`${id}-hint`} className="mt-0.5 text-xs leading-relaxed text-neutral-500 dark:text-neutral-400">
          {hint}
        </p>
      </div>
      <SwitchPrimitive.Root
        id={id}
        checked={checked}
        onCheckedChange={onCheckedChange}
        aria-describedby={`${id}-hint`}
        data-testid={rest['data-testid']}
        className="relative inline-flex h-6 w-11 shrink-0 cursor-pointer items-center rounded-full bg-neutral-300 transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-emerald-500/60 data-[state=checked]:bg-emerald-600 dark:bg-neutral-600 dark:data-[state=checked]:bg-emerald-600"
      >
        <SwitchPrimitive.Thumb className="block size-5 translate-x-0.5 rounded-full bg-white shadow transition-transform data-[state=checked]:translate-x-[22px]" />
      </SwitchPrimitive.Root>
    </div>
  );
}
