import { resolveEndpoint, type EndpointName } from '@parley/core';
import { Suspense, useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Spinner } from '../../components/ui/spinner.tsx';
import { useAccess } from '../../state/use-access.ts';
import { ChatOverlays } from './chat-overlays.tsx';
import { lazyExtra } from './load-chat-extras.ts';
import { SetKeyButton } from '../keys/set-key-button.tsx';
import { useUserKey } from '../keys/use-user-key.ts';
import { conversationTitle } from '../../state/display-title.ts';
import { useConversationTitle } from '../../state/use-conversation-title.ts';
import { useSettingsPanel } from '../parameters/settings-panel-store.ts';
import { SettingsToggle } from '../parameters/settings-toggle.tsx';
import { BingToneBar } from '../parameters/bing-tone-bar.tsx';
import { NewConvoMenu } from './new-convo-menu.tsx';
import { usePresetDialogs } from '../../state/preset-dialogs-store.ts';
import { preloadMarkdown } from '../messages/markdown/markdown.tsx';
import { visibleBranch } from '../../state/visible-branch.ts';
import { ChatFooter } from './chat-footer.tsx';
import { EndpointUnavailableNotice } from './endpoint-unavailable-notice.tsx';
import { ChatHeader } from './chat-header.tsx';
import { ChatInput } from './chat-input.tsx';
import { initialSetup, rememberSetup } from '../../state/chat-setup.ts';
import { chat, useChatStore, type ChatSetup } from '../../state/chat-store.ts';
import { useEndpointsInfo } from '../../state/use-endpoints-info.ts';
import { Landing } from './landing.tsx';
import { ModelPicker } from './model-picker.tsx';
import { OptionsBar } from './options-bar.tsx';
import { actionOutsideToolbar } from '../messages/actions/message-actions-registry.ts';
import { regenerateAction } from '../messages/actions/regenerate-action.ts';
import { PluginSelector } from '../plugins/plugin-selector.tsx';
import { AttachButton } from '../files/attach-button.tsx';
import { AttachmentChips } from '../files/attachment-chips.tsx';
import { useAttachments } from '../files/attachments-store.ts';
import { FileDropOverlay } from '../files/file-drop-overlay.tsx';
import { useAttachFiles } from '../files/use-attach-files.ts';
import { useAttachmentsCheck } from '../files/use-attachments-check.ts';
import { takesUploads } from '../files/takes-uploads.ts';
import { useChatActions } from './use-chat-actions.ts';
import { lazyThread } from './lazy-thread.ts';

const SettingsPanel = lazyExtra('SettingsPanel');
/** Fetched once a conversation opens or a first message is sent. */
const Thread = lazyThread.Component;

/** The chat screen: header, thread (or landing), options bar and input. */
export function ChatView() {
  const { t } = useTranslation();
  const actions = useChatActions();
  const info = useEndpointsInfo().data;
  const { session, conversation, messages, choice, status, submitting, setup } = useChatStore();
  const rows = useMemo(() => visibleBranch(messages, choice), [messages, choice]);
  const last = rows.at(-1)?.message;
  useConversationTitle(conversation ? conversationTitle(conversation.title, t) : null);
  const settingsOpen = useSettingsPanel((s) => s.open);
  const openSaveAs = usePresetDialogs((s) => s.openSaveAs);

  useEffect(() => {
    if (info && !setup) chat.setSetup(initialSetup(info));
  }, [info, setup]);
  const hasRows = rows.length > 0;
  // The renderer is fetched once there is something to render, so the empty chat stays light.
  useEffect(() => {
    if (hasRows) preloadMarkdown();
  }, [hasRows]);
  // A conversation being opened fetches the thread while its messages load.
  const opening = status === 'loading';
  useEffect(() => {
    if (opening || hasRows) void lazyThread.load();
  }, [opening, hasRows]);

  const current: ChatSetup | null = conversation
    ? { endpoint: (resolveEndpoint(conversation.endpoint) ?? conversation.endpoint) as EndpointName, model: conversation.model ?? '' }
    : setup;
  const onPick = (next: ChatSetup) => {
    rememberSetup(next);
    if (conversation) chat.switchModel(next.endpoint, next.model);
    // Settings chosen for this endpoint survive a change of its model, not of the endpoint.
    else chat.setSetup(next.endpoint === setup?.endpoint ? { ...next, options: setup.options } : next);
  };
  // A conversation on an endpoint the server stopped offering stays on it until the user picks another.
  const unavailable = Boolean(conversation && info && current && !info.endpoints.includes(current.endpoint));
  // Regenerate and edit ask the conversation's endpoint again: not offered to a free visitor, nor once the endpoint is gone.
  const { freeVisitor } = useAccess();
  const canChange = !freeVisitor && !unavailable;
  const key = useUserKey(current?.endpoint ?? null, Boolean(current && info?.userProvide[current.endpoint]));
  const attachTarget = useMemo(() => (current?.model ? { endpoint: current.endpoint, model: current.model } : null), [current?.endpoint, current?.model]);
  const attachFiles = useAttachFiles(attachTarget);
  const uploading = useAttachments((s) => s.attachments.some((a) => a.uploading));
  const canAttach = Boolean(attachTarget && takesUploads(attachTarget.endpoint));
  // A new chat, or another conversation, starts with no files (SPEC point 2).
  useEffect(() => useAttachments.getState().enterSession(session), [session]);
  // After the line above: files another chat had are gone before the new model is checked.
  useAttachmentsCheck(attachTarget);

  return (
    <div className="flex h-full flex-col">
      <ChatHeader title={conversation?.title ?? null} endpoint={current?.endpoint ?? null} model={current?.model ?? null} onSaveAsPreset={openSaveAs} />
      {status === 'loading' ? (
        <div className="flex flex-1 items-center justify-center">
          <Spinner label={t('common.loading')} className="size-6" />
        </div>
      ) : rows.length === 0 ? (
        <div className="min-h-0 flex-1">
          <Landing />
        </div>
      ) : (
        <Suspense fallback={<div className="min-h-0 flex-1" />}>
          <Thread rows={rows} openedKey={String(session)} endpoint={current?.endpoint ?? null} submitting={submitting} canChange={canChange} commands={actions} />
        </Suspense>
      )}
      <div className="relative mx-auto w-full max-w-3xl shrink-0 px-3 pb-3 sm:px-6 sm:pb-5">
        {settingsOpen ? (
          <Suspense fallback={null}>
            <SettingsPanel />
          </Suspense>
        ) : null}
        {/* Bing's tones for a new conversation; in an open one the settings toggle shows them. */}
        {!conversation && !settingsOpen ? <BingToneBar /> : null}
        <OptionsBar
          picker={
            info && current ? (
              <div className="flex min-w-0 items-center gap-0.5">
                <NewConvoMenu endpoint={current.endpoint} disabled={submitting} />
                <ModelPicker
                  info={info}
                  value={current}
                  endpoints={info.endpoints}
                  onChange={onPick}
                  disabled={submitting}
                />
                {current.endpoint === 'gptPlugins' ? <PluginSelector disabled={submitting} /> : null}
                <SettingsToggle />
              </div>
            ) : null
          }
          submitting={submitting}
          regenerate={last ? actionOutsideToolbar(regenerateAction, last, { endpoint: current?.endpoint ?? null, canChange, submitting, commands: actions }) : null}
          onStop={actions.stop}
        />
        {unavailable && current ? <EndpointUnavailableNotice endpoint={current.endpoint} /> : null}
        <ChatInput
          submitting={submitting}
          ready={Boolean(current?.model) && !unavailable && !opening}
          onSend={actions.send}
          onStop={actions.stop}
          sendReplacement={key.needsKey && current ? <SetKeyButton endpoint={current.endpoint} /> : undefined}
          uploading={uploading}
          attachments={<AttachmentChips />}
          attach={current ? <AttachButton endpoint={current.endpoint} disabled={submitting} onFiles={(files) => void attachFiles(files)} /> : undefined}
        />
        <ChatFooter />
      </div>
      <ChatOverlays />
      <FileDropOverlay disabled={!canAttach || submitting} onFiles={(files) => void attachFiles(files)} />
    </div>
  );
}
