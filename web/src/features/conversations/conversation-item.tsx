import type { Conversation } from '@parley/core';
import { MessageSquare } from 'lucide-react';
import { memo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { cn } from '../../components/ui/cn.ts';
import { useExportDialog } from '../../state/export-store.ts';
import { ConversationMenu } from './conversation-menu.tsx';
import { useShareDialog } from '../share/share-dialog-store.ts';
import { useArchiveConversation } from './use-archive-conversation.ts';
import { conversationTitle } from '../../state/display-title.ts';
import { RenameField } from './rename-field.tsx';
import { useLongPress } from './use-long-press.ts';
import { Tooltip } from '../../components/ui/tooltip.tsx';

export interface ConversationItemProps {
  conversation: Conversation;
  active: boolean;
  selecting: boolean;
  selected: boolean;
  onToggle(id: string): void;
  onRename(id: string, title: string): void;
  onDelete(conversation: Conversation): void;
  onOpen(): void;
}

/** One conversation of the sidebar: open, rename inline, export, share, archive, delete (its ⋯ menu or a long press), or tick for bulk delete. */
export const ConversationItem = memo(function ConversationItem(props: ConversationItemProps) {
  const { t } = useTranslation();
  const { conversation, active } = props;
  const [renaming, setRenaming] = useState(false);
  const [menuOpen, setMenuOpen] = useState(false);
  const hold = useLongPress(() => setMenuOpen(true));
  const archive = useArchiveConversation();
  const id = conversation.conversationId;
  const title = conversationTitle(conversation.title, t);

  return (
    <li
      data-testid="convo-item"
      data-conversation-id={id}
      data-active={active || undefined}
      {...(props.selecting || renaming ? {} : hold)}
      className={cn(
        // No text selection or link preview under a holding finger: the hold opens the menu.
        'group relative flex h-10 select-none items-center gap-2 rounded-lg px-2 text-sm transition-colors [-webkit-touch-callout:none]',
        active ? 'bg-neutral-200/80 text-neutral-900 dark:bg-neutral-800 dark:text-neutral-50' : 'text-neutral-700 hover:bg-neutral-200/50 dark:text-neutral-300 dark:hover:bg-neutral-800/60',
        // The row a menu was opened for stays marked while the menu covers the list.
        menuOpen && !active && 'bg-neutral-200/50 dark:bg-neutral-800/60',
      )}
    >
      {props.selecting ? (
        <input
          type="checkbox"
          checked={props.selected}
          onChange={() => props.onToggle(id)}
          aria-label={t('conversations.select', { title })}
          data-testid="convo-checkbox"
          className="size-4 shrink-0 cursor-pointer accent-emerald-600"
        />
      ) : (
        <MessageSquare aria-hidden className="size-4 shrink-0 text-neutral-400" />
      )}
      {renaming ? (
        <RenameField
          title={title}
          onCancel={() => setRenaming(false)}
          onCommit={(next) => {
            setRenaming(false);
            props.onRename(id, next);
          }}
        />
      ) : (
        <>
          {props.selecting ? (
            <button type="button" className="min-w-0 flex-1 cursor-pointer truncate text-left" onClick={() => props.onToggle(id)}>
              {title}
            </button>
          ) : (
            <Tooltip label={title}>
              <Link
                to={`/chat/${id}`}
                onClick={props.onOpen}
                onDoubleClick={(e) => {
                  e.preventDefault();
                  setRenaming(true);
                }}
                className="min-w-0 flex-1 truncate after:absolute after:inset-0 after:content-['']"
                aria-current={active ? 'page' : undefined}
                data-testid="convo-link"
              >
                {title}
              </Link>
            </Tooltip>
          )}
          {props.selecting ? null : (
            <ConversationMenu
              title={title}
              open={menuOpen}
              active={active}
              onOpenChange={setMenuOpen}
              onRename={() => setRenaming(true)}
              onExport={() => useExportDialog.getState().openExport(conversation)}
              onShare={() => useShareDialog.getState().openShare(conversation)}
              onArchive={() => void archive(id)}
              onDelete={() => props.onDelete(conversation)}
            />
          )}
        </>
      )}
    </li>
  );
});
