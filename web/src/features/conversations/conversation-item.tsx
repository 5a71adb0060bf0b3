import type { Conversation } from '@parley/core';
import { Download, MessageSquare, Pencil, Trash2 } from 'lucide-react';
import { memo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { cn } from '../../components/ui/cn.ts';
import { useExportDialog } from '../export/export-store.ts';
import { conversationTitle } from './display-title.ts';
import { RenameField } from './rename-field.tsx';

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

const iconButton =
  'inline-flex size-7 cursor-pointer items-center justify-center rounded-md text-neutral-500 hover:bg-neutral-300/60 hover:text-neutral-900 dark:text-neutral-400 dark:hover:bg-neutral-700 dark:hover:text-neutral-100';

/** One conversation of the sidebar: open, rename inline, delete, or tick for bulk delete. */
export const ConversationItem = memo(function ConversationItem(props: ConversationItemProps) {
  const { t } = useTranslation();
  const { conversation, active } = props;
  const [renaming, setRenaming] = useState(false);
  const id = conversation.conversationId;
  const title = conversationTitle(conversation.title, t);

  return (
    <li
      data-testid="convo-item"
      data-conversation-id={id}
      data-active={active || undefined}
      className={cn(
        'group relative flex h-10 items-center gap-2 rounded-lg px-2 text-sm transition-colors',
        active ? 'bg-neutral-200/80 text-neutral-900 dark:bg-neutral-800 dark:text-neutral-50' : 'text-neutral-700 hover:bg-neutral-200/50 dark:text-neutral-300 dark:hover:bg-neutral-800/60',
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
              title={title}
            >
              {title}
            </Link>
          )}
          {props.selecting ? null : (
            <div
              className={cn(
                'relative z-10 flex shrink-0 items-center',
                active ? 'opacity-100' : 'opacity-0 focus-within:opacity-100 group-hover:opacity-100 [@media(hover:none)]:opacity-100',
              )}
            >
              <button type="button" className={iconButton} aria-label={t('conversations.rename')} title={t('conversations.rename')} data-testid="convo-rename" onClick={() => setRenaming(true)}>
                <Pencil aria-hidden className="size-3.5" />
              </button>
              {/* Only the open item keeps room for export, so the other titles are not cut shorter. */}
              <span className={active ? 'contents' : 'hidden group-focus-within:contents group-hover:contents [@media(hover:none)]:contents'}>
                <button type="button" className={iconButton} aria-label={t('export.menu')} title={t('export.menu')} data-testid="convo-export" onClick={() => useExportDialog.getState().openExport(conversation)}>
                  <Download aria-hidden className="size-3.5" />
                </button>
              </span>
              <button type="button" className={iconButton} aria-label={t('conversations.delete')} title={t('conversations.delete')} data-testid="convo-delete" onClick={() => props.onDelete(conversation)}>
                <Trash2 aria-hidden className="size-3.5" />
              </button>
            </div>
          )}
        </>
      )}
    </li>
  );
});
