import { Archive, Download, Ellipsis, Pencil, Share2, Trash2 } from 'lucide-react';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '../../components/ui/cn.ts';
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuSeparator, DropdownMenuTrigger } from '../../components/ui/dropdown-menu.tsx';
import { Tooltip } from '../../components/ui/tooltip.tsx';

export interface ConversationMenuProps {
  title: string;
  open: boolean;
  /** The open conversation's row shows its button at all times. */
  active: boolean;
  onOpenChange(open: boolean): void;
  onRename(): void;
  onExport(): void;
  onShare(): void;
  onArchive(): void;
  onDelete(): void;
}

/**
 * A row's actions behind one "⋯" button, so they never eat the title: shown on hover or focus
 * with a mouse, always on touch screens, and opened by a long press on the row as well.
 */
export function ConversationMenu({ title, open, active, onOpenChange, onRename, onExport, onShare, onArchive, onDelete }: ConversationMenuProps) {
  const { t } = useTranslation();
  // An action moves focus elsewhere (the rename field, a dialog): the trigger must not take it back.
  const picked = useRef(false);
  const pick = (action: () => void) => () => {
    picked.current = true;
    action();
  };

  return (
    <DropdownMenu open={open} onOpenChange={onOpenChange}>
      <Tooltip label={t('conversations.actions', { title })}>
        <DropdownMenuTrigger
          aria-label={t('conversations.actions', { title })}
          data-testid="convo-menu"
          className={cn(
            'relative z-10 inline-flex size-7 shrink-0 cursor-pointer items-center justify-center rounded-md text-neutral-500 outline-none hover:bg-neutral-300/60 hover:text-neutral-900 focus-visible:ring-2 focus-visible:ring-emerald-500 data-[state=open]:opacity-100 dark:text-neutral-400 dark:hover:bg-neutral-700 dark:hover:text-neutral-100',
            active ? 'opacity-100' : 'opacity-0 focus-visible:opacity-100 group-hover:opacity-100 [@media(hover:none)]:opacity-100',
          )}
        >
          <Ellipsis aria-hidden className="size-4" />
        </DropdownMenuTrigger>
      </Tooltip>
      <DropdownMenuContent
        align="end"
        sideOffset={4}
        className="min-w-44"
        data-testid="convo-menu-content"
        onCloseAutoFocus={(event) => {
          if (picked.current) event.preventDefault();
          picked.current = false;
        }}
      >
        <DropdownMenuItem onSelect={pick(onRename)} data-testid="convo-rename">
          <Pencil aria-hidden className="size-4" />
          {t('conversations.rename')}
        </DropdownMenuItem>
        <DropdownMenuItem onSelect={pick(onExport)} data-testid="convo-export">
          <Download aria-hidden className="size-4" />
          {t('export.menu')}
        </DropdownMenuItem>
        <DropdownMenuItem onSelect={pick(onShare)} data-testid="convo-share">
          <Share2 aria-hidden className="size-4" />
          {t('share.menu')}
        </DropdownMenuItem>
        <DropdownMenuItem onSelect={pick(onArchive)} data-testid="convo-archive">
          <Archive aria-hidden className="size-4" />
          {t('archive.menu')}
        </DropdownMenuItem>
        <DropdownMenuSeparator />
        <DropdownMenuItem onSelect={pick(onDelete)} data-testid="convo-delete" className="text-red-600 data-[highlighted]:bg-red-50 dark:text-red-400 dark:data-[highlighted]:bg-red-950/40">
          <Trash2 aria-hidden className="size-4" />
          {t('conversations.delete')}
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
