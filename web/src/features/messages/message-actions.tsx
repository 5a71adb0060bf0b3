import type { Message } from '@parley/core';
import { Check, Copy, FastForward, Pencil, RefreshCw } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { cn } from '../../components/ui/cn.ts';
import { ActionButton } from './action-button.tsx';
import { SiblingNav } from './sibling-nav.tsx';
import { useCopy } from './use-copy.ts';

export interface MessageActionsProps {
  message: Message;
  siblingIndex: number;
  siblingCount: number;
  onSelectSibling(index: number): void;
  canEdit: boolean;
  canRegenerate: boolean;
  canContinue: boolean;
  submitting: boolean;
  /** The last message keeps its toolbar visible; earlier ones show it on hover. */
  alwaysVisible: boolean;
  onEdit(): void;
  onRegenerate(): void;
  onContinue(): void;
}

/** The toolbar under a message: versions, copy, edit, regenerate, continue (SPEC point 4). */
export function MessageActions(props: MessageActionsProps) {
  const { t } = useTranslation();
  const { copied, copy } = useCopy();
  const { message } = props;
  return (
    <div data-testid="message-actions" className={cn('flex items-center gap-0.5', message.isCreatedByUser && 'justify-end')}>
      <SiblingNav index={props.siblingIndex} count={props.siblingCount} onSelect={props.onSelectSibling} disabled={props.submitting} />
      <div
        className={cn(
          'flex items-center gap-0.5 transition-opacity',
          // Hidden, it lets the pointer through to what lies below (a question's toolbar hangs over the reply).
          props.alwaysVisible ? 'pointer-events-auto opacity-100' : 'pointer-events-none opacity-0 focus-within:pointer-events-auto focus-within:opacity-100 group-hover:pointer-events-auto group-hover:opacity-100 [@media(hover:none)]:pointer-events-auto [@media(hover:none)]:opacity-100',
        )}
      >
        {message.error ? null : (
          <ActionButton label={copied ? t('chat.message.copied') : t('chat.message.copy')} data-testid="copy-message" onClick={() => copy(message.text)}>
            {copied ? <Check aria-hidden className="size-4 text-emerald-600" /> : <Copy aria-hidden className="size-4" />}
          </ActionButton>
        )}
        {props.canEdit ? (
          <ActionButton label={t('chat.message.edit')} data-testid="edit-message" onClick={props.onEdit}>
            <Pencil aria-hidden className="size-4" />
          </ActionButton>
        ) : null}
        {props.canRegenerate ? (
          <ActionButton label={t('chat.message.regenerate')} data-testid="regenerate-message" onClick={props.onRegenerate}>
            <RefreshCw aria-hidden className="size-4" />
          </ActionButton>
        ) : null}
        {props.canContinue ? (
          <ActionButton label={t('chat.message.continue')} data-testid="continue-button" onClick={props.onContinue}>
            <FastForward aria-hidden className="size-4" />
          </ActionButton>
        ) : null}
      </div>
    </div>
  );
}
