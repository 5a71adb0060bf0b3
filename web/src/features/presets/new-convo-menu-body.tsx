import { endpointDisplayNames, modelDisplayName, resolveEndpoint, type EndpointName, type Preset } from '@parley/core';
import { Check, FileUp, KeyRound, Pencil, Trash2 } from 'lucide-react';
import type { TFunction } from 'i18next';
import { useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Banner } from '../../components/ui/banner.tsx';
import { cn } from '../../components/ui/cn.ts';
import { Spinner } from '../../components/ui/spinner.tsx';
import { showToast } from '../../components/ui/toast-store.ts';
import { errorText } from '../../locales/error-text.ts';
import { defaultModelFor, initialSetup } from '../../state/chat-setup.ts';
import { useEndpointsInfo } from '../../state/use-endpoints-info.ts';
import { EndpointIcon } from '../../components/endpoint-icon.tsx';
import { useStartNewChat } from './use-start-new-chat.ts';
import { useKeyDialog } from '../keys/key-dialog-store.ts';
import { usePresetDialogs } from '../../state/preset-dialogs-store.ts';
import { parsePresetFile, type PresetFieldProblem } from './preset-file.ts';
import { setupFromPreset } from './preset-setup.ts';
import { presetsApi } from './presets-api.ts';
import { usePresetMutation, usePresets } from './use-presets.ts';
import { Tooltip } from '../../components/ui/tooltip.tsx';
import { presetTitle } from '../../state/display-title.ts';

const heading = 'px-2 pb-1.5 pt-1 text-xs font-semibold uppercase tracking-wide text-neutral-500 dark:text-neutral-400';
const row = 'flex w-full cursor-pointer items-center gap-2.5 rounded-xl px-2 py-2 text-left text-sm transition-colors hover:bg-neutral-100 focus-visible:bg-neutral-100 focus-visible:outline-none dark:hover:bg-neutral-700/70 dark:focus-visible:bg-neutral-700/70';
const iconButton = 'inline-flex size-8 shrink-0 cursor-pointer items-center justify-center rounded-lg text-neutral-500 transition-colors hover:bg-neutral-200 hover:text-neutral-900 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-emerald-500/50 dark:text-neutral-400 dark:hover:bg-neutral-600 dark:hover:text-neutral-100';

/** "temperature: must be at most 2": the field an import fails on and what is wrong with it. */
function importProblemText(t: TFunction, problem: PresetFieldProblem | undefined): string {
  if (!problem) return t('presets.import_invalid');
  return t('presets.import_bad_field', { field: problem.field, problem: t(`presets.field_problem.${problem.kind}`, { limit: problem.limit }) });
}

function PresetRow({ preset, onApply, onEdit, onDelete }: { preset: Preset; onApply(): void; onEdit(): void; onDelete(): void }) {
  const { t } = useTranslation();
  const endpoint = resolveEndpoint(preset.endpoint);
  const title = presetTitle(preset.title, t);
  return (
    <li className="group flex items-center gap-1 rounded-xl pr-1 hover:bg-neutral-100 dark:hover:bg-neutral-700/70">
      <button type="button" onClick={onApply} className={cn(row, 'min-w-0 flex-1 hover:bg-transparent dark:hover:bg-transparent')} data-testid="preset-item" data-preset-title={preset.title}>
        {endpoint ? <EndpointIcon endpoint={endpoint} /> : null}
        <span className="min-w-0 flex-1">
          <span className="block truncate font-medium">{title}</span>
          <span className="block truncate text-xs text-neutral-500 dark:text-neutral-400">
            {endpoint ? endpointDisplayNames[endpoint] : preset.endpoint}
            {typeof preset.model === 'string' ? ` · ${modelDisplayName(preset.model)}` : ''}
          </span>
        </span>
      </button>
      <Tooltip label={t('presets.edit', { title })}>
        <button type="button" className={iconButton} onClick={onEdit} aria-label={t('presets.edit', { title })} data-testid="preset-edit">
          <Pencil aria-hidden className="size-4" />
        </button>
      </Tooltip>
      <Tooltip label={t('presets.delete', { title })}>
        <button
          type="button"
          className={cn(iconButton, 'hover:text-red-600 dark:hover:text-red-400')}
          onClick={onDelete}
          aria-label={t('presets.delete', { title })}
          data-testid="preset-delete"
        >
          <Trash2 aria-hidden className="size-4" />
        </button>
      </Tooltip>
    </li>
  );
}

/** The menu's body: start a conversation on an endpoint or from a preset, and manage presets (SPEC point 2). */
export default function NewConvoMenuBody({ current, onDone }: { current: EndpointName; onDone(): void }) {
  const { t } = useTranslation();
  const info = useEndpointsInfo().data;
  const presets = usePresets();
  const start = useStartNewChat();
  const dialogs = usePresetDialogs();
  const openKeyDialog = useKeyDialog((s) => s.open);
  const save = usePresetMutation(presetsApi.save);
  const remove = usePresetMutation(presetsApi.remove);
  const [importError, setImportError] = useState<string | null>(null);
  const list = presets.data ?? [];

  const onImport = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    const parsed = parsePresetFile(await file.text());
    if (!parsed.ok) return setImportError(importProblemText(t, parsed.problem));
    setImportError(null);
    save.mutate(parsed.preset, { onError: (error) => setImportError(errorText(t, error)) });
  };
  const applyPreset = (preset: Preset) => {
    if (!info) return;
    onDone();
    const chosen = setupFromPreset(preset, info.endpoints, (endpoint) => defaultModelFor(info, endpoint));
    if ('unavailable' in chosen) {
      const endpoint = resolveEndpoint(chosen.unavailable);
      const name = endpoint ? endpointDisplayNames[endpoint] : chosen.unavailable;
      return void showToast(t('presets.endpoint_unavailable', { title: preset.title, endpoint: name }), 'error');
    }
    start(chosen.setup);
    showToast(t('presets.applied', { title: preset.title }), 'success');
  };

  return (
    <div className="min-h-0 flex-1 overflow-y-auto p-2">
      <p className={heading}>{t('presets.new_conversation')}</p>
      <ul className="mb-2">
        {(info?.endpoints ?? []).map((endpoint) => (
          <li key={endpoint} className="flex items-center gap-1 rounded-xl pr-1 hover:bg-neutral-100 dark:hover:bg-neutral-700/70">
            <button
              type="button"
              className={cn(row, 'min-w-0 flex-1 hover:bg-transparent dark:hover:bg-transparent')}
              data-testid="new-convo-endpoint"
              data-endpoint={endpoint}
              onClick={() => {
                if (info) start(initialSetup(info, endpoint));
                onDone();
              }}
            >
              <EndpointIcon endpoint={endpoint} />
              <span className="flex-1 font-medium">{endpointDisplayNames[endpoint]}</span>
              {endpoint === current ? <Check aria-hidden className="size-4 text-emerald-600 dark:text-emerald-400" /> : null}
            </button>
            {info?.userProvide[endpoint] ? (
              <Tooltip label={t('keys.title', { endpoint: endpointDisplayNames[endpoint] })}>
                <button
                  type="button"
                  className={iconButton}
                  onClick={() => {
                    onDone();
                    openKeyDialog(endpoint);
                  }}
                  aria-label={t('keys.title', { endpoint: endpointDisplayNames[endpoint] })}
                  data-testid="endpoint-key-button"
                  data-endpoint={endpoint}
                >
                  <KeyRound aria-hidden className="size-4" />
                </button>
              </Tooltip>
            ) : null}
          </li>
        ))}
      </ul>
      <div className="flex items-center gap-1 border-t border-neutral-200 pt-2 dark:border-neutral-700">
        <p className={cn(heading, 'flex-1 pb-1')}>{t('presets.title')}</p>
        <Tooltip label={t('presets.import')}>
          <label className={cn(iconButton, 'w-auto gap-1.5 px-2 text-xs font-medium')}>
            <FileUp aria-hidden className="size-4" />
            {t('presets.import')}
            <input type="file" accept="application/json,.json" className="sr-only" data-testid="preset-import-input" onChange={(event) => void onImport(event)} />
          </label>
        </Tooltip>
        <button
          type="button"
          className={cn(iconButton, 'w-auto px-2 text-xs font-medium hover:text-red-600 disabled:cursor-not-allowed disabled:opacity-40 dark:hover:text-red-400')}
          disabled={list.length === 0}
          onClick={() => {
            onDone();
            dialogs.confirmClearAll();
          }}
          data-testid="presets-clear-all"
        >
          {t('presets.clear_all')}
        </button>
      </div>
      {importError ? (
        <Banner className="mx-1 my-2 py-2" data-testid="preset-import-error">
          {importError}
        </Banner>
      ) : null}
      {presets.isPending ? (
        <div className="flex justify-center py-4">
          <Spinner label={t('common.loading')} />
        </div>
      ) : list.length === 0 ? (
        <p className="px-2 py-3 text-sm text-neutral-500 dark:text-neutral-400">{t('presets.empty')}</p>
      ) : (
        <ul data-testid="preset-list">
          {list.map((preset) => (
            <PresetRow
              key={preset.presetId}
              preset={preset}
              onApply={() => applyPreset(preset)}
              onEdit={() => {
                onDone();
                dialogs.edit(preset);
              }}
              onDelete={() => remove.mutate(preset.presetId)}
            />
          ))}
        </ul>
      )}
    </div>
  );
}
