import type { Conversation } from '@parley/core';
import { ListChecks, Trash2, X } from 'lucide-react';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button.tsx';
import { ConfirmDialog } from '../../components/ui/confirm-dialog.tsx';
import { ConversationList } from './conversation-list.tsx';
import { conversationTitle } from '../../state/display-title.ts';
import { useConversationRemoval } from './use-conversation-removal.ts';

type Pending = { kind: 'one'; conversation: Conversation } | { kind: 'bulk' } | null;

const toolButton =
  'inline-flex h-8 cursor-pointer items-center gap-1.5 rounded-lg px-2 text-xs font-medium text-neutral-600 transition-colors hover:bg-neutral-200/70 hover:text-neutral-900 dark:text-neutral-400 dark:hover:bg-neutral-800 dark:hover:text-neutral-100';

/** The sidebar body: conversation list with rename/delete and bulk delete (clearing them all is in Settings → Data, behind a confirmation). */
export function ConversationSidebar() {
  const { t } = useTranslation();
  const removal = useConversationRemoval();
  const [selecting, setSelecting] = useState(false);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [pending, setPending] = useState<Pending>(null);

  const toggle = useCallback((id: string) => {
    setSelected((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  }, []);
  const askDelete = useCallback((conversation: Conversation) => setPending({ kind: 'one', conversation }), []);
  const stopSelecting = () => {
    setSelecting(false);
    setSelected(new Set());
  };

  const confirm = async () => {
    if (!pending) return;
    try {
      if (pending.kind === 'one') await removal.removeMany([pending.conversation.conversationId]);
      else if (pending.kind === 'bulk') {
        await removal.removeMany([...selected]);
        stopSelecting();
      }
    } finally {
      setPending(null);
    }
  };

  const dialog =
    pending?.kind === 'one'
      ? { title: t('conversations.delete_title'), body: t('conversations.delete_body', { title: conversationTitle(pending.conversation.title, t) }), confirm: t('conversations.delete') }
      : { title: t('conversations.bulk_title'), body: t('conversations.bulk_body', { count: selected.size }), confirm: t('conversations.confirm_delete') };

  return (
    <div className="-mx-2 flex h-full min-h-0 flex-col" data-testid="convo-sidebar">
      <div className="flex items-center justify-between gap-1 px-3 pb-1">
        {selecting ? (
          <>
            <Button
              variant="danger"
              size="sm"
              className="h-8 px-2.5 text-xs"
              disabled={selected.size === 0 || removal.busy}
              onClick={() => setPending({ kind: 'bulk' })}
              data-testid="bulk-delete"
            >
              <Trash2 aria-hidden className="size-3.5" />
              {removal.busy ? t('conversations.deleting') : t('conversations.delete_selected', { count: selected.size })}
            </Button>
            <button type="button" className={toolButton} onClick={stopSelecting} data-testid="bulk-cancel">
              <X aria-hidden className="size-3.5" />
              {t('conversations.cancel')}
            </button>
          </>
        ) : (
          <>
            <button type="button" className={toolButton} onClick={() => setSelecting(true)} data-testid="bulk-select">
              <ListChecks aria-hidden className="size-3.5" />
              {t('conversations.select_mode')}
            </button>
          </>
        )}
      </div>
      <ConversationList selecting={selecting} selected={selected} onToggle={toggle} onDelete={askDelete} />
      <ConfirmDialog
        open={pending !== null}
        title={dialog.title}
        description={dialog.body}
        confirmLabel={dialog.confirm}
        busy={removal.busy}
        busyLabel={t('conversations.deleting')}
        onConfirm={() => void confirm()}
        onOpenChange={(open) => !open && setPending(null)}
      />
    </div>
  );
}
