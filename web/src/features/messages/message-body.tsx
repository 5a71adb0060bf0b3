import { insufficientQuotaReasons, parseChatErrorText, resolveEndpoint, type InsufficientQuotaError, type Message } from '@parley/core';
import { CircleAlert, Hourglass } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { QuotaErrorActions } from '../access/quota-error-actions.tsx';
import { SetKeyLink } from '../keys/set-key-link.tsx';
import { MessageFiles } from '../files/message-files.tsx';
import { usePaintedStreaming } from '../../state/streaming-store.ts';
import { PluginSteps } from '../plugins/plugin-steps.tsx';
import { chatErrorDisplay } from './chat-error-display.ts';
import { Markdown } from './markdown/markdown.tsx';
import { Reasoning } from './reasoning.tsx';
import { splitBingEmbed } from './bing-embed.ts';
import { BingImageEmbed } from './bing-image-embed.tsx';
import { ReplySources } from './reply-extras.tsx';

/** Codes the user answers by setting their key (or access token) again. */
const refusedKey = new Set(['token_expired', 'invalid_api_key']);
const quotaReason = (reason: unknown) => insufficientQuotaReasons.find((known) => known === reason) as InsufficientQuotaError['reason'] | undefined;

/** An error-flagged reply: the localized catalogue text (SPEC point 8). */
function ErrorBody({ text, endpoint }: { text: string; endpoint?: string | null }) {
  const { t } = useTranslation();
  const display = chatErrorDisplay(t, text);
  const parsed = parseChatErrorText(text);
  const kind = parsed?.kind;
  const keyEndpoint = endpoint ? resolveEndpoint(endpoint) : undefined;
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
        {parsed?.kind === 'insufficient_quota' ? <QuotaErrorActions reason={quotaReason(parsed.reason)} /> : null}
        {kind && refusedKey.has(kind) && keyEndpoint ? <SetKeyLink endpoint={keyEndpoint} /> : null}
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
        {text ? <Markdown text={text} streaming /> : <span aria-hidden className="streaming-cursor" />}
      </div>
    </>
  );
}

/** A finished reply or a user message. */
export function MessageBody({ message }: { message: Message }) {
  // A Sydney picture is the image creator framed, split off the text and checked before it shows.
  const { text, embed } = message.endpoint === 'bingAI' && !message.isCreatedByUser ? splitBingEmbed(message.text) : { text: message.text };
  if (message.error) return <ErrorBody text={message.text} endpoint={message.endpoint} />;
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
      <Markdown text={text} />
      {embed ? <BingImageEmbed html={embed} /> : null}
      {message.sources ? <ReplySources sources={message.sources} /> : null}
      {/* A reply cut short by a failure keeps its text; the failure shows under it. */}
      {message.errorText ? (
        <div className="mt-3">
          <ErrorBody text={message.errorText} endpoint={message.endpoint} />
        </div>
      ) : null}
      {message.unfinished ? <UnfinishedNotice /> : null}
    </>
  );
}
