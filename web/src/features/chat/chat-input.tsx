import { ArrowUp, Square } from 'lucide-react';
import { useEffect, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '../../components/ui/cn.ts';
import { enterSubmits } from '../../state/chat-settings.ts';
import { useDraftStore } from './draft-store.ts';
import { Tooltip } from '../../components/ui/tooltip.tsx';

export interface ChatInputProps {
  submitting: boolean;
  /** The endpoint and model are known; until then the send button waits. */
  ready: boolean;
  /** True when the message went out, so the box empties. */
  onSend(text: string): boolean;
  onStop(): void;
  /** Shown instead of Send (e.g. 'Set key' while the endpoint lacks a usable user key); Enter then sends nothing. */
  sendReplacement?: ReactNode;
  /** The attachment button, when the model takes files. */
  attach?: ReactNode;
  /** The chips of the files attached so far. */
  attachments?: ReactNode;
  /** A file is still uploading: the message waits for it. */
  uploading?: boolean;
}

const MAX_HEIGHT = 220;

/** The message box's id: the skip link at the top of the page leads to it. */
export const MESSAGE_INPUT_ID = 'message-input';

/**
 * The message box. Enter sends and Shift+Enter breaks the line, except while an IME is
 * composing (Chinese, Japanese, Korean input) or when the enterToNewline setting is on.
 */
export function ChatInput({ submitting, ready, onSend, onStop, sendReplacement, attach, attachments, uploading = false }: ChatInputProps) {
  const { t } = useTranslation();
  const text = useDraftStore((s) => s.text);
  const filled = useDraftStore((s) => s.filled);
  const setText = useDraftStore((s) => s.setText);
  const ref = useRef<HTMLTextAreaElement>(null);

  useEffect(() => {
    const area = ref.current;
    if (!area) return;
    area.style.height = 'auto';
    area.style.height = `${Math.min(area.scrollHeight, MAX_HEIGHT)}px`;
  }, [text]);

  useEffect(() => {
    if (filled > 0) ref.current?.focus();
  }, [filled]);

  // The box takes the focus when the chat opens (after sign-in, a new chat) unless something else
  // has it; not on touch screens, where focusing would throw the keyboard over the page.
  useEffect(() => {
    const idle = !document.activeElement || document.activeElement === document.body;
    if (idle && window.matchMedia('(pointer: fine)').matches) ref.current?.focus({ preventScroll: true });
  }, []);

  const send = () => {
    if (submitting || !ready || uploading || sendReplacement || text.trim() === '') return;
    if (onSend(text)) setText('');
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (!enterSubmits(event)) return;
    event.preventDefault();
    send();
  };

  return (
    <div
      className={cn(
        'rounded-3xl border bg-white p-2 shadow-sm transition-colors dark:bg-neutral-850',
        'border-neutral-300 focus-within:border-neutral-400 dark:border-neutral-700 dark:focus-within:border-neutral-500',
      )}
    >
      {attachments}
      <div className={cn('flex items-end gap-2', !attach && 'pl-2')}>
      {attach}
      <textarea
        ref={ref}
        id={MESSAGE_INPUT_ID}
        rows={1}
        value={text}
        onChange={(e) => setText(e.target.value)}
        onKeyDown={onKeyDown}
        placeholder={t('chat.input.placeholder')}
        aria-label={t('chat.input.label')}
        data-testid="chat-input"
        className="max-h-[220px] min-h-10 flex-1 resize-none bg-transparent py-2 text-base leading-6 text-neutral-900 outline-none placeholder:text-neutral-500 disabled:cursor-not-allowed dark:text-neutral-100 dark:placeholder:text-neutral-400"
      />
      {submitting ? (
        <Tooltip label={t('chat.stop')}>
          <button
            type="button"
            onClick={onStop}
            data-testid="stop-button"
            aria-label={t('chat.stop')}
            className="inline-flex size-10 shrink-0 cursor-pointer items-center justify-center rounded-full bg-neutral-900 text-white transition-colors hover:bg-neutral-700 dark:bg-neutral-100 dark:text-neutral-900 dark:hover:bg-neutral-300"
          >
            <Square aria-hidden className="size-3.5 fill-current" />
          </button>
        </Tooltip>
      ) : sendReplacement ? (
        sendReplacement
      ) : (
        <Tooltip label={t('chat.send')}>
          <button
            type="button"
            onClick={send}
            disabled={!ready || uploading || text.trim() === ''}
            data-testid="send-button"
            aria-label={t('chat.send')}
            className="inline-flex size-10 shrink-0 cursor-pointer items-center justify-center rounded-full bg-emerald-600 text-white transition-colors hover:bg-emerald-700 disabled:cursor-not-allowed disabled:bg-neutral-200 disabled:text-neutral-400 dark:disabled:bg-neutral-700 dark:disabled:text-neutral-500"
          >
            <ArrowUp aria-hidden className="size-5" />
          </button>
        </Tooltip>
      )}
      </div>
    </div>
  );
}
