import * as SwitchPrimitive from '@radix-ui/react-switch';
import { parameterDefinitions, resolveModel, type EndpointName, type ParameterDefinition } from '@parley/core';
import { Info, RotateCcw } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '../../components/ui/cn.ts';
import { BingContextCount } from './bing-context-count.tsx';
import { examplesOf } from './examples.ts';
import { ExamplesEditor } from './examples-editor.tsx';
import { NativeSelect } from './native-select.tsx';
import { writeOption, type EndpointOptionValues } from './option-paths.ts';
import { ParameterSlider } from './parameter-slider.tsx';
import { effectiveValue, isPromptPrefixLocked, omittedSliders, parameterHintKey, parameterLabelKey } from './parameters.ts';
import { useStartupConfig } from '../../api/use-startup-config.ts';
import { TextParameter } from './text-parameter.tsx';
import { Tooltip } from '../../components/ui/tooltip.tsx';

export interface ParameterFormProps {
  endpoint: EndpointName;
  model: string;
  options: EndpointOptionValues;
  /** The chosen plugin tools; with any, the prompt prefix is locked (SPEC point 5). */
  tools?: unknown;
  /** An id prefix, so two forms on one page keep distinct label targets. */
  idPrefix: string;
  onChange(options: EndpointOptionValues): void;
}

const fieldId = (prefix: string, key: string) => `${prefix}-${key.replace(/\./g, '-')}`;

function Row({ id, label, hint, aside, children }: { id: string; label: string; hint?: string; aside?: ReactNode; children: ReactNode }) {
  return (
    <div className="space-y-1.5">
      <div className="flex min-h-6 items-center justify-between gap-2">
        <label htmlFor={id} className="text-sm font-medium text-neutral-700 dark:text-neutral-200">
          {label}
        </label>
        {aside}
      </div>
      {children}
      {hint ? (
        <p id={`${id}-hint`} className="text-xs leading-snug text-neutral-500 dark:text-neutral-400">
          {hint}
        </p>
      ) : null}
    </div>
  );
}

/**
 * The settings of one endpoint and model, generated from the registry's parameter definitions
 * (SPEC point 9): text fields and examples on the left, sliders and switches on the right.
 */
export function ParameterForm({ endpoint, model, options, tools, idPrefix, onChange }: ParameterFormProps) {
  const { t } = useTranslation();
  const overrides = useStartupConfig().data?.modelAliases?.[endpoint];
  const all = parameterDefinitions(endpoint, model);
  // Settings the model ignores or refuses are not offered (issue 29): those it never takes while
  // it answers this way are hidden, with one line saying why; one it takes only instead of another is shown disabled.
  const omitted = omittedSliders(endpoint, model, all, options, overrides);
  const hidden = all.filter((d) => omitted.has(d.key) && omitted.get(d.key) !== 'exclusive');
  const definitions = all.filter((d) => !hidden.includes(d));
  const { upstreamId, info } = resolveModel(endpoint, model, overrides);
  const modelName = info?.label ?? upstreamId;
  const hiddenNames = hidden.map((d) => t(parameterLabelKey(d))).join(', ');
  const hiddenNote =
    hidden.length > 0 ? (
      <p data-testid="params-not-offered" className="flex items-start gap-2 rounded-lg bg-neutral-100 px-3 py-2 text-xs leading-snug text-neutral-600 dark:bg-neutral-800 dark:text-neutral-300">
        <Info aria-hidden className="mt-px size-3.5 shrink-0" />
        {hidden.some((d) => omitted.get(d.key) === 'reasoning')
          ? t('params.not_offered.reasoning', { model: modelName, names: hiddenNames })
          : t('params.not_offered.model', { model: modelName, names: hiddenNames })}
      </p>
    ) : null;
  if (definitions.length === 0 && hiddenNote) return hiddenNote;
  if (definitions.length === 0) return <p className="py-6 text-center text-sm text-neutral-500 dark:text-neutral-400">{t('params.none')}</p>;
  const set = (key: string, value: unknown) => onChange(writeOption(options, key, value));
  const prefixLocked = isPromptPrefixLocked(endpoint, tools);

  const render = (definition: ParameterDefinition) => {
    const id = fieldId(idPrefix, definition.key);
    const value = effectiveValue(endpoint, definition, options);
    const label = t(parameterLabelKey(definition));
    const hintKey = definition.key === 'promptPrefix' && !prefixLocked ? undefined : parameterHintKey(endpoint, definition);
    const exclusive = omitted.get(definition.key) === 'exclusive';
    const hint = exclusive ? t('params.not_offered.exclusive', { model: modelName }) : hintKey ? t(hintKey) : undefined;
    switch (definition.kind) {
      case 'slider': {
        const reset =
          value !== definition.default && !exclusive ? (
            <Tooltip label={t('params.reset', { value: definition.default })}>
              <button
                type="button"
                onClick={() => set(definition.key, definition.default)}
                aria-label={t('params.reset', { value: definition.default })}
                className="cursor-pointer rounded-md p-1 text-neutral-400 transition-colors hover:bg-neutral-100 hover:text-neutral-700 dark:hover:bg-neutral-700 dark:hover:text-neutral-200"
              >
                <RotateCcw aria-hidden className="size-3.5" />
              </button>
            </Tooltip>
          ) : null;
        return (
          <Row key={definition.key} id={id} label={label} hint={hint} aside={reset}>
            <ParameterSlider id={id} definition={definition} label={label} value={Number(value)} disabled={exclusive} describedBy={hint ? `${id}-hint` : undefined} onChange={(next) => set(definition.key, next)} />
          </Row>
        );
      }
      case 'select':
        return (
          <Row key={definition.key} id={id} label={label} hint={hint}>
            <NativeSelect
              id={id}
              data-testid={`param-${definition.key}`}
              value={String(value)}
              options={definition.options.map((option) => ({ value: option, label: t(`params.option.${option}`) }))}
              onChange={(next) => set(definition.key, next)}
            />
          </Row>
        );
      case 'switch':
        return (
          <div key={definition.key} className="flex items-center justify-between gap-3 py-1">
            <label htmlFor={id} className="text-sm font-medium text-neutral-700 dark:text-neutral-200">
              {label}
            </label>
            <SwitchPrimitive.Root
              id={id}
              checked={value === true}
              onCheckedChange={(checked) => set(definition.key, checked)}
              data-testid={`param-${definition.key}`}
              className="relative h-6 w-11 shrink-0 cursor-pointer rounded-full bg-neutral-300 transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-emerald-500/50 data-[state=checked]:bg-emerald-600 dark:bg-neutral-600"
            >
              <SwitchPrimitive.Thumb className="block size-5 translate-x-0.5 rounded-full bg-white shadow transition-transform data-[state=checked]:translate-x-[1.375rem]" />
            </SwitchPrimitive.Root>
          </div>
        );
      case 'examples':
        return (
          <Row key={definition.key} id={fieldId(idPrefix, 'example-input-0')} label={label}>
            <ExamplesEditor examples={examplesOf(options.examples)} onChange={(next) => set('examples', next)} />
          </Row>
        );
      case 'text':
      case 'textarea': {
        const locked = definition.key === 'promptPrefix' && prefixLocked;
        const aside = definition.key === 'context' ? <BingContextCount text={typeof value === 'string' ? value : ''} /> : undefined;
        return (
          <Row key={definition.key} id={id} label={label} hint={hint} aside={aside}>
            <TextParameter
              id={id}
              name={definition.key}
              multiline={definition.kind === 'textarea'}
              value={typeof value === 'string' ? value : ''}
              placeholder={t(`params.placeholder.${definition.key}`)}
              disabled={locked}
              describedBy={hint ? `${id}-hint` : undefined}
              onChange={(next) => set(definition.key, next === '' ? null : next)}
            />
          </Row>
        );
      }
    }
  };

  const wide = definitions.filter((d) => d.kind === 'text' || d.kind === 'textarea' || d.kind === 'examples');
  const narrow = definitions.filter((d) => !wide.includes(d));
  return (
    <div className={cn('grid gap-x-6 gap-y-4', wide.length > 0 && narrow.length > 0 && 'md:grid-cols-2')}>
      {wide.length > 0 ? <div className="min-w-0 space-y-4">{wide.map(render)}</div> : null}
      {narrow.length > 0 || hiddenNote ? (
        <div className="min-w-0 space-y-4">
          {hiddenNote}
          {narrow.map(render)}
        </div>
      ) : null}
    </div>
  );
}
