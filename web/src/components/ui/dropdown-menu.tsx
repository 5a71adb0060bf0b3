import * as MenuPrimitive from '@radix-ui/react-dropdown-menu';
import { Check } from 'lucide-react';
import type { ComponentProps } from 'react';
import { cn } from './cn.ts';

export const DropdownMenu = MenuPrimitive.Root;
export const DropdownMenuTrigger = MenuPrimitive.Trigger;

export function DropdownMenuContent({ className, sideOffset = 8, ...props }: ComponentProps<typeof MenuPrimitive.Content>) {
  return (
    <MenuPrimitive.Portal>
      <MenuPrimitive.Content
        sideOffset={sideOffset}
        className={cn(
          'z-50 min-w-[var(--radix-dropdown-menu-trigger-width)] overflow-hidden rounded-xl border border-neutral-200 bg-white p-1.5 text-neutral-800 shadow-xl',
          'dark:border-neutral-700 dark:bg-neutral-800 dark:text-neutral-100',
          className,
        )}
        {...props}
      />
    </MenuPrimitive.Portal>
  );
}

/** How every kind of menu item looks: a row highlighted under the pointer or the keyboard. */
const itemClasses = [
  'flex cursor-pointer select-none items-center gap-2.5 rounded-lg px-3 py-2.5 text-sm outline-none transition-colors',
  'data-[highlighted]:bg-neutral-100 data-[disabled]:pointer-events-none data-[disabled]:opacity-50 dark:data-[highlighted]:bg-neutral-700',
];

export function DropdownMenuItem({ className, ...props }: ComponentProps<typeof MenuPrimitive.Item>) {
  return (
    <MenuPrimitive.Item
      className={cn(
        ...itemClasses,
        className,
      )}
      {...props}
    />
  );
}

/** A menu item that is switched on and off, its check shown before its text. */
export function DropdownMenuCheckboxItem({ className, children, ...props }: ComponentProps<typeof MenuPrimitive.CheckboxItem>) {
  return (
    <MenuPrimitive.CheckboxItem
      className={cn(
        ...itemClasses,
        className,
      )}
      {...props}
    >
      <span aria-hidden className="flex size-4 shrink-0 items-center justify-center rounded border border-neutral-300 data-[checked=true]:border-emerald-600 data-[checked=true]:bg-emerald-600 dark:border-neutral-500" data-checked={props.checked === true}>
        <MenuPrimitive.ItemIndicator>
          <Check className="size-3 text-white" />
        </MenuPrimitive.ItemIndicator>
      </span>
      {children}
    </MenuPrimitive.CheckboxItem>
  );
}

export function DropdownMenuSeparator({ className, ...props }: ComponentProps<typeof MenuPrimitive.Separator>) {
  return <MenuPrimitive.Separator className={cn('my-1 h-px bg-neutral-200 dark:bg-neutral-700', className)} {...props} />;
}
