import type { Message } from '@parley/core';
import { useVirtualizer } from '@tanstack/react-virtual';
import { ArrowDown } from 'lucide-react';
import { useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '../../components/ui/cn.ts';
import { MessageRow } from '../messages/message-row.tsx';
import type { BranchRow } from '../../state/visible-branch.ts';
import { chat, useChatStore } from '../../state/chat-store.ts';
import type { MessageActionScope, MessageCommands } from '../messages/actions/message-action.ts';
import { useThreadScroll, virtualizerScrollTo } from './use-thread-scroll.ts';

export interface ThreadProps {
  rows: BranchRow<Message>[];
  /** Changes when another conversation opens: the thread jumps to its end. */
  openedKey: string;
  endpoint: string | null;
  submitting: boolean;
  /** SPEC point 4: edit and regenerate appear only with a stored key where keys exist (or an account). */
  canChange: boolean;
  commands: MessageCommands;
}

/**
 * The shown branch, windowed: only the rows near the viewport are mounted, each measured
 * after it renders, so a 2,000-message conversation opens as fast as a short one.
 */
export function Thread({ rows, openedKey, endpoint, submitting, canChange, commands }: ThreadProps) {
  const { t } = useTranslation();
  const scrollRef = useRef<HTMLDivElement>(null);
  const contentRef = useRef<HTMLDivElement>(null);
  const virtualTop = useRef<number | null>(null);
  const rowKeys = useChatStore((s) => s.rowKeys);
  const rowKey = (index: number) => {
    const id = rows[index]?.message.messageId;
    return id === undefined ? index : (rowKeys[id] ?? id);
  };
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => 120,
    overscan: 6,
    getItemKey: rowKey,
    paddingStart: 16,
    paddingEnd: 24,
    scrollToFn: virtualizerScrollTo(virtualTop),
  });
  const firstKey = rows.length > 0 ? String(rowKey(0)) : undefined;
  const focus = useChatStore((s) => s.focus);
  const focusIndex = focus ? rows.findIndex((row) => row.message.messageId === focus.messageId) : -1;
  const scroll = useThreadScroll({
    scrollRef, contentRef, virtualizer, openedKey, count: rows.length, firstKey, virtualTop,
    focus: focus && focusIndex >= 0 ? { index: focusIndex, count: focus.count } : null,
  });
  const scope = useMemo<MessageActionScope>(() => ({ endpoint, canChange, submitting, commands }), [endpoint, canChange, submitting, commands]);

  return (
    <div className="relative min-h-0 flex-1">
      <div ref={scrollRef} onScroll={scroll.onScroll} onWheel={scroll.onWheel} className="h-full overflow-y-auto overscroll-contain" data-testid="thread">
        <div ref={contentRef} className="relative w-full" style={{ height: virtualizer.getTotalSize() }}>
          {virtualizer.getVirtualItems().map((item) => {
            const row = rows[item.index]!;
            const isLast = item.index === rows.length - 1;
            return (
              <div
                key={item.key}
                data-index={item.index}
                ref={virtualizer.measureElement}
                // A question's toolbar hangs over the next row: its row is drawn above, so the toolbar takes the clicks.
                data-search-hit={item.index === focusIndex ? true : undefined}
                className={cn('absolute left-0 top-0 w-full', row.message.isCreatedByUser && 'z-[1]', item.index === focusIndex && 'search-hit')}
                style={{ transform: `translateY(${item.start}px)` }}
              >
                <MessageRow
                  message={row.message}
                  siblingIndex={row.siblingIndex}
                  siblingIds={row.siblingIds}
                  isLast={isLast}
                  scope={scope}
                  onChoose={chat.choose}
                />
              </div>
            );
          })}
        </div>
      </div>
      {scroll.showButton ? (
        <button
          type="button"
          data-testid="scroll-to-bottom"
          aria-label={t('chat.scroll_to_bottom')}
          onClick={scroll.scrollToBottom}
          className="absolute bottom-3 left-1/2 z-10 inline-flex size-9 -translate-x-1/2 cursor-pointer items-center justify-center rounded-full border border-neutral-200 bg-white text-neutral-700 shadow-lg transition-colors hover:bg-neutral-50 dark:border-neutral-700 dark:bg-neutral-800 dark:text-neutral-200 dark:hover:bg-neutral-700"
        >
          <ArrowDown aria-hidden className="size-4" />
        </button>
      ) : null}
    </div>
  );
}
