import { endpointDisplayNames, modelDisplayName, PRESET_TITLE_MAX_LENGTH, resolveEndpoint, type EndpointName, type Preset } from '@parley/core';
import { Download, Save } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Banner } from '../../components/ui/banner.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Dialog, DialogContent } from '../../components/ui/dialog.tsx';
import { Field } from '../../components/ui/field.tsx';
import { Label } from '../../components/ui/label.tsx';
import { errorText } from '../../locales/error-text.ts';
import { defaultModelFor } from '../../state/chat-setup.ts';
import { useEndpointsInfo } from '../../state/use-endpoints-info.ts';
import { NativeSelect } from '../parameters/native-select.tsx';
import { ParameterForm } from '../parameters/parameter-form.tsx';
import { downloadBlob } from '../../api/download-file.ts';
import { presetFileContent, presetFileName } from './preset-file.ts';
import { presetOptions } from './preset-setup.ts';
import { presetsApi } from './presets-api.ts';
import { presetSaved, usePresetMutation } from './use-presets.ts';

interface Draft {
  title: string;
  endpoint: EndpointName;
  model: string;
  options: Record<string, unknown>;
}

const withOwn = (list: readonly string[], own: string) => (own && !list.includes(own) ? [own, ...list] : [...list]);

/** SPEC point 2: the preset editor (name, endpoint, model and parameters; export as JSON; save). */
export function PresetEditorDialog({ preset, onClose }: { preset: Preset; onClose(): void }) {
  const { t } = useTranslation();
  const info = useEndpointsInfo().data;
  const endpointId = useId();
  const modelId = useId();
  const [draft, setDraft] = useState<Draft>(() => ({
    title: preset.title,
    endpoint: resolveEndpoint(preset.endpoint) ?? 'openAI',
    model: typeof preset.model === 'string' ? preset.model : '',
    options: presetOptions(preset),
  }));
  const save = usePresetMutation(presetsApi.save);
  const edited = { ...draft.options, presetId: preset.presetId, title: draft.title.trim(), endpoint: draft.endpoint, model: draft.model || null };

  const endpoints = withOwn(info?.endpoints ?? [], draft.endpoint) as EndpointName[];
  const models = withOwn(info?.models[draft.endpoint] ?? [], draft.model);
  const changeEndpoint = (endpoint: EndpointName) =>
    setDraft((d) => ({ ...d, endpoint, model: info ? defaultModelFor(info, endpoint) : '', options: {} }));

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent title={t('presets.edit_title')} closeLabel={t('common.close')} className="max-w-3xl" data-testid="preset-editor">
        <div className="space-y-5 px-6 py-5">
          <div className="grid gap-4 sm:grid-cols-3">
            <Field
              label={t('presets.name')}
              value={draft.title}
              maxLength={PRESET_TITLE_MAX_LENGTH}
              onChange={(event) => setDraft((d) => ({ ...d, title: event.target.value }))}
              data-testid="preset-name-input"
              className="h-9"
            />
            <div className="space-y-1.5">
              <Label htmlFor={endpointId}>{t('presets.endpoint')}</Label>
              <NativeSelect
                id={endpointId}
                data-testid="preset-endpoint"
                value={draft.endpoint}
                options={endpoints.map((e) => ({ value: e, label: endpointDisplayNames[e] }))}
                onChange={(value) => changeEndpoint(value as EndpointName)}
              />
            </div>
            <div className="space-y-1.5">
              <Label htmlFor={modelId}>{t('presets.model')}</Label>
              <NativeSelect
                id={modelId}
                data-testid="preset-model"
                value={draft.model}
                options={models.map((m) => ({ value: m, label: modelDisplayName(m) }))}
                onChange={(model) => setDraft((d) => ({ ...d, model }))}
              />
            </div>
          </div>
          <div className="border-t border-neutral-200 pt-5 dark:border-neutral-700">
            <ParameterForm
              endpoint={draft.endpoint}
              model={draft.model}
              options={draft.options}
              tools={draft.options.tools}
              idPrefix="preset-param"
              onChange={(options) => setDraft((d) => ({ ...d, options }))}
            />
          </div>
          {save.error ? <Banner>{errorText(t, save.error)}</Banner> : null}
        </div>
        <div className="sticky bottom-0 flex items-center gap-2 border-t border-neutral-200 bg-white px-6 py-3.5 dark:border-neutral-700 dark:bg-neutral-800">
          <Button variant="secondary" size="sm" onClick={() => downloadBlob(new Blob([presetFileContent(edited)], { type: 'application/json' }), presetFileName(edited.title))} data-testid="preset-export">
            <Download aria-hidden className="size-4" />
            {t('presets.export')}
          </Button>
          <div className="ml-auto flex gap-2">
            <Button variant="ghost" size="sm" onClick={onClose}>
              {t('presets.cancel')}
            </Button>
            <Button size="sm" disabled={edited.title === '' || save.isPending} onClick={() => save.mutate(edited, { onSuccess: () => presetSaved(t, edited.title, onClose) })} data-testid="preset-save">
              <Save aria-hidden className="size-4" />
              {t('presets.save')}
            </Button>
          </div>
        </div>
      </DialogContent>
    </Dialog>
  );
}
