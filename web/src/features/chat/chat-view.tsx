import { resolveEndpoint, type EndpointName } from '@parley/core';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Spinner } from '../../components/ui/spinner.tsx';
import { useConversationTitle } from '../nav/chat-title.ts';
import { preloadMarkdown } from '../messages/markdown/markdown.tsx';
import { visibleBranch } from '../messages/visible-branch.ts';
import { ChatHeader } from './chat-header.tsx';
import { ChatInput } from './chat-input.tsx';
import { initialSetup, rememberSetup } from './chat-setup.ts';
import { chat, useChatStore, type ChatSetup } from './chat-store.ts';
import { useEndpointsInfo } from './endpoints-query.ts';
import { Landing } from './landing.tsx';
import { ModelPicker } from './model-picker.tsx';
import { OptionsBar } from './options-bar.tsx';
import { Thread } from './thread.tsx';
import { useChatActions } from './use-chat-actions.ts';

/** The chat screen: header, thread (or landing), options bar and input. */
export function ChatView() {
  const { t } = useTranslation();
  const actions = useChatActions();
  const info = useEndpointsInfo().data;
  const { session, conversation, messages, choice, status, submitting, setup } = useChatStore();
  const rows = useMemo(() => visibleBranch(messages, choice), [messages, choice]);
  const last = rows.at(-1)?.message;
  useConversationTitle(conversation?.title);

  useEffect(() => {
    if (info && !setup) chat.setSetup(initialSetup(info));
  }, [info, setup]);
  const hasRows = rows.length > 0;
  // The renderer is fetched once there is something to render, so the empty chat stays light.
  useEffect(() => {
    if (hasRows) preloadMarkdown();
  }, [hasRows]);

  const current: ChatSetup | null = conversation
    ? { endpoint: (resolveEndpoint(conversation.endpoint) ?? conversation.endpoint) as EndpointName, model: conversation.model ?? '' }
    : setup;
  const onPick = (next: ChatSetup) => {
    rememberSetup(next);
    if (conversation) chat.setModel(next.model);
    else chat.setSetup(next);
  };
  const blocked = !submitting && Boolean(last && !last.isCreatedByUser && (last.error || last.unfinished));

  return (
    <div className="flex h-full flex-col">
      <ChatHeader title={conversation?.title ?? null} endpoint={current?.endpoint ?? null} model={current?.model ?? null} />
      {status === 'loading' ? (
        <div className="flex flex-1 items-center justify-center">
          <Spinner label={t('common.loading')} className="size-6" />
        </div>
      ) : rows.length === 0 ? (
        <div className="min-h-0 flex-1">
          <Landing />
        </div>
      ) : (
        <Thread rows={rows} openedKey={String(session)} endpoint={current?.endpoint ?? null} submitting={submitting} actions={actions} />
      )}
      <div className="mx-auto w-full max-w-3xl shrink-0 px-3 pb-3 sm:px-6 sm:pb-5">
        <OptionsBar
          picker={
            info && current ? (
              <ModelPicker
                info={info}
                value={current}
                endpoints={conversation ? [current.endpoint] : info.endpoints}
                onChange={onPick}
                disabled={submitting}
              />
            ) : null
          }
          submitting={submitting}
          canRegenerate={Boolean(last && !last.isCreatedByUser)}
          onStop={actions.stop}
          onRegenerate={() => last && actions.regenerate(last)}
        />
        <ChatInput submitting={submitting} blocked={blocked} ready={Boolean(current?.model)} onSend={actions.send} onStop={actions.stop} />
        <p className="mt-2 hidden text-center text-xs text-neutral-400 sm:block dark:text-neutral-500">{t('chat.disclaimer')}</p>
      </div>
    </div>
  );
}
