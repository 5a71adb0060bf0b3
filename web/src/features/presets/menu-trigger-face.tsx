import type { EndpointName } from '@parley/core';
import { ChevronDown } from 'lucide-react';
import { forwardRef, type ComponentPropsWithoutRef } from 'react';
import { useTranslation } from 'react-i18next';
import { EndpointIcon } from '../../components/endpoint-icon.tsx';
import { Tooltip } from '../../components/ui/tooltip.tsx';

export interface NewConvoMenuProps {
  endpoint: EndpointName;
  disabled?: boolean;
}

type FaceProps = ComponentPropsWithoutRef<'button'> & { endpoint: EndpointName };

/** The endpoint tile that opens the menu; Radix's trigger renders through it once the menu is loaded. */
export const MenuTriggerFace = forwardRef<HTMLButtonElement, FaceProps>(function MenuTriggerFace({ endpoint, ...props }, ref) {
  const { t } = useTranslation();
  return (
    <Tooltip label={t('presets.menu')}>
      <button
        ref={ref}
        type="button"
        data-testid="new-convo-menu"
        aria-label={t('presets.menu')}
        className="inline-flex h-9 shrink-0 cursor-pointer items-center gap-1 rounded-xl pl-1.5 pr-1 transition-colors hover:bg-neutral-100 disabled:cursor-not-allowed disabled:opacity-60 data-[state=open]:bg-neutral-100 dark:hover:bg-neutral-800 dark:data-[state=open]:bg-neutral-800"
        {...props}
      >
        <EndpointIcon endpoint={endpoint} />
        <ChevronDown aria-hidden className="size-3.5 text-neutral-400" />
      </button>
    </Tooltip>
  );
});
