import './message.css';
import { resolveEndpoint, supportsContinue, type Message } from '@parley/core';
import { memo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '../../components/ui/cn.ts';
import { useStreamingStore } from '../../state/streaming-store.ts';
import { EndpointIcon } from '../../components/endpoint-icon.tsx';
import type { MessageActionScope } from './actions/message-action.ts';
import { MessageActions } from './message-actions.tsx';
import { MessageBody, StreamingBody } from './message-body.tsx';
import { FollowUpChips } from './reply-extras.tsx';
import { MessageEditor } from './message-editor.tsx';

/** Whether an edited reply can be sent on from its new text (a continue); else it can only be stored. */
const canContinue = (endpoint: string | null) => {
  const known = endpoint ? resolveEndpoint(endpoint) : undefined;
  return known ? supportsContinue(known) : false;
};

export interface MessageRowProps {
  message: Message;
  siblingIndex: number;
  siblingIds: readonly string[];
  isLast: boolean;
  /** The same object for every row: a row re-renders when it changes. */
  scope: MessageActionScope;
  onChoose(parentId: string, childId: string): void;
}

/**
 * One message of the thread. Memoized on stable props: while a reply streams, only the row
 * whose id is the streaming one changes (its body reads the streaming store itself).
 */
export const MessageRow = memo(function MessageRow(props: MessageRowProps) {
  const { t } = useTranslation();
  const { message, scope, isLast } = props;
  const { commands } = scope;
  const streaming = useStreamingStore((s) => s.messageId === message.messageId);
  const [editing, setEditing] = useState(false);
  const user = message.isCreatedByUser;
  const busy = scope.submitting || streaming;

  const editor = editing ? (
    <MessageEditor
      message={message}
      canSubmit={user || canContinue(scope.endpoint)}
      onCancel={() => setEditing(false)}
      onSave={async (text) => {
        await commands.saveEdit(message, text);
        setEditing(false);
      }}
      onSubmit={(text) => {
        setEditing(false);
        if (user) commands.editAndSubmit(message, text);
        else commands.editReplyAndSubmit(message, text);
      }}
    />
  ) : null;

  const toolbar =
    editing || streaming ? null : (
      <MessageActions
        context={{ message, scope, isLast, busy, startEdit: () => setEditing(true) }}
        siblingIndex={props.siblingIndex}
        siblingCount={props.siblingIds.length}
        onSelectSibling={(index) => props.onChoose(message.parentMessageId, props.siblingIds[index]!)}
        alwaysVisible={isLast}
      />
    );

  return (
    <div
      className={cn('group mx-auto w-full max-w-3xl px-4 sm:px-6', user ? 'pb-2 pt-3' : 'py-3')}
      data-testid="message"
      data-message-id={message.messageId}
      data-role={user ? 'user' : 'assistant'}
      data-streaming={streaming || undefined}
    >
      {user ? (
        // The toolbar hangs below the bubble, over the top of the reply's row (its sender line is
        // on the other side), so a hidden toolbar leaves no toolbar-high gap before the reply.
        <div className="relative flex flex-col items-end">
          {editor ?? (
            <div data-testid="user-bubble" className="max-w-[85%] rounded-3xl bg-neutral-100 px-4 py-2.5 text-[15px] leading-relaxed text-neutral-900 dark:bg-neutral-800 dark:text-neutral-100">
              <MessageBody message={message} />
            </div>
          )}
          {/* Only the toolbar's shown buttons take the pointer; the rest of its box lets it through to the reply. */}
          {toolbar ? <div className="pointer-events-none absolute right-0 top-full mt-0.5">{toolbar}</div> : null}
        </div>
      ) : (
        <div className="flex gap-3 sm:gap-4">
          <EndpointIcon endpoint={message.endpoint} className="mt-0.5 size-7 rounded-lg" data-testid="reply-avatar" />
          <div className="min-w-0 flex-1">
            <div className="mb-1 text-sm font-semibold text-neutral-800 dark:text-neutral-100" data-testid="message-sender">
              {message.sender || t('chat.message.assistant')}
            </div>
            <div className={cn('text-[15px] text-neutral-800 dark:text-neutral-200', editing && 'hidden')}>
              {streaming ? <StreamingBody /> : <MessageBody message={message} />}
            </div>
            {isLast && !busy && message.suggestions ? <FollowUpChips suggestions={message.suggestions} commands={commands} /> : null}
            {editor}
            <div className="mt-1.5 -ml-1.5">{toolbar}</div>
          </div>
        </div>
      )}
    </div>
  );
});
