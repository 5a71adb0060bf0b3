import { parseChatErrorText, type Message } from '@parley/core';
import { CircleAlert, Hourglass } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { QuotaErrorActions } from '../access/quota-error-actions.tsx';
import { MessageFiles } from '../files/message-files.tsx';
import { usePaintedStreaming } from '../../state/streaming-store.ts';
import { PluginSteps } from '../plugins/plugin-steps.tsx';
import { chatErrorDisplay } from './chat-error-display.ts';
import { Markdown } from './markdown/markdown.tsx';
import { Reasoning } from './reasoning.tsx';

/** An error-flagged reply: the localized catalogue text (SPEC point 8). */
function ErrorBody({ text }: { text: string }) {
  const { t } = useTranslation();
  const display = chatErrorDisplay(t, text);
  return (
    <div
      role="alert"
      data-testid="message-error"
      className="flex items-start gap-2.5 rounded-xl border border-red-200 bg-red-50 px-3.5 py-3 text-sm leading-relaxed text-red-800 dark:border-red-900/60 dark:bg-red-950/40 dark:text-red-200"
    >
      <CircleAlert aria-hidden className="mt-0.5 size-4 shrink-0" />
      <div className="min-w-0 flex-1 break-words">
        {display.text}
        {display.details ? <pre className="mt-2 overflow-x-auto whitespace-pre-wrap text-xs opacity-80">{display.details}</pre> : null}
        {parseChatErrorText(text)?.kind === 'insufficient_quota' ? <QuotaErrorActions /> : null}
      </div>
    </div>
  );
}

/** A reply whose stream ended without a final answer (SPEC point 8: the unfinished notice). */
function UnfinishedNotice() {
  const { t } = useTranslation();
  return (
    <p data-testid="unfinished-notice" className="mt-3 flex items-center gap-2 text-xs text-amber-700 dark:text-amber-400">
      <Hourglass aria-hidden className="size-3.5 shrink-0" />
      {t('chat.message.unfinished')}
    </p>
  );
}

/** The one body that re-renders per delta: it alone reads the streaming text. */
export function StreamingBody() {
  const { text, reasoning, plugins } = usePaintedStreaming();
  return (
    <>
      <PluginSteps plugins={plugins} />
      <Reasoning text={reasoning} streaming={!text} />
      <div className="is-streaming" data-testid="streaming-body">
        {text ? <Markdown text={text} /> : <span aria-hidden className="streaming-cursor" />}
      </div>
    </>
  );
}

/** A finished reply or a user message. */
export function MessageBody({ message }: { message: Message }) {
  if (message.error) return <ErrorBody text={message.text} />;
  if (message.isCreatedByUser) {
    return (
      <>
        <MessageFiles files={message.files} />
        <div className="whitespace-pre-wrap break-words">{message.text}</div>
      </>
    );
  }
  return (
    <>
      <PluginSteps plugins={message.plugins} />
      <Reasoning text={message.reasoning ?? ''} streaming={false} />
      <Markdown text={message.text} />
      {/* A reply cut short by a failure keeps its text; the failure shows under it. */}
      {message.errorText ? (
        <div className="mt-3">
          <ErrorBody text={message.errorText} />
        </div>
      ) : null}
      {message.unfinished ? <UnfinishedNotice /> : null}
    </>
  );
}
