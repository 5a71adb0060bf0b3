import * as Popover from '@radix-ui/react-popover';
import type { EndpointName } from '@parley/core';
import { useState } from 'react';
import { MenuTriggerFace, type NewConvoMenuProps } from './menu-trigger-face.tsx';
import NewConvoMenuBody from './new-convo-menu-body.tsx';

/** The menu itself; it replaces the plain trigger on the first click and opens at once. */
export default function NewConvoMenuPopover({ endpoint, disabled }: NewConvoMenuProps & { endpoint: EndpointName }) {
  const [open, setOpen] = useState(true);
  return (
    <Popover.Root open={open} onOpenChange={setOpen}>
      <Popover.Trigger asChild disabled={disabled}>
        <MenuTriggerFace endpoint={endpoint} />
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          side="top"
          align="start"
          sideOffset={8}
          collisionPadding={12}
          data-testid="new-convo-menu-content"
          className="z-40 flex max-h-[min(32rem,var(--radix-popover-content-available-height))] w-[22rem] max-w-[calc(100vw-1.5rem)] flex-col overflow-hidden rounded-2xl border border-neutral-200 bg-white text-neutral-800 shadow-2xl focus:outline-none dark:border-neutral-700 dark:bg-neutral-800 dark:text-neutral-100"
        >
          <NewConvoMenuBody current={endpoint} onDone={() => setOpen(false)} />
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
