import * as Menu from '@radix-ui/react-dropdown-menu';
import { endpointDisplayNames, modelDisplayName, modelEntry, type EndpointName } from '@parley/core';
import { Check, ChevronDown } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { DropdownMenu, DropdownMenuContent, DropdownMenuTrigger } from '../../components/ui/dropdown-menu.tsx';
import { cn } from '../../components/ui/cn.ts';
import type { ChatSetup } from './chat-store.ts';
import { pickerModels } from './chat-setup.ts';
import type { EndpointsInfo } from './use-endpoints-info.ts';

export interface ModelPickerProps {
  info: EndpointsInfo;
  value: ChatSetup;
  /** A saved conversation keeps its endpoint: only its models are offered. */
  endpoints: EndpointName[];
  onChange(setup: ChatSetup): void;
  disabled?: boolean;
}

function ModelLine({ model }: { model: string }) {
  const { t } = useTranslation();
  const entry = modelEntry(model);
  return (
    <span className="flex min-w-0 flex-1 items-center gap-2">
      <span className="truncate font-medium">{modelDisplayName(model)}</span>
      {entry ? <span className="truncate text-xs text-neutral-500 dark:text-neutral-400">{t(entry.labelKey)}</span> : null}
      {entry?.cost ? (
        <span className="ml-auto shrink-0 rounded-full bg-amber-100 px-2 py-0.5 text-[11px] font-medium text-amber-800 dark:bg-amber-900/40 dark:text-amber-300">
          {t('chat.model.cost', { cost: entry.cost })}
        </span>
      ) : null}
    </span>
  );
}

/** The options bar's model picker: each endpoint's models with their label and quota cost (SPEC points 2, 3). */
export function ModelPicker({ info, value, endpoints, onChange, disabled }: ModelPickerProps) {
  const { t } = useTranslation();
  return (
    <DropdownMenu>
      <DropdownMenuTrigger
        disabled={disabled}
        data-testid="model-picker"
        aria-label={t('chat.model.choose')}
        className="inline-flex h-9 max-w-full cursor-pointer items-center gap-1.5 rounded-xl px-3 text-sm font-medium text-neutral-700 transition-colors hover:bg-neutral-100 disabled:cursor-not-allowed disabled:opacity-60 data-[state=open]:bg-neutral-100 dark:text-neutral-200 dark:hover:bg-neutral-800 dark:data-[state=open]:bg-neutral-800"
      >
        <span className="truncate">{modelDisplayName(value.model)}</span>
        <ChevronDown aria-hidden className="size-4 shrink-0 text-neutral-400" />
      </DropdownMenuTrigger>
      <DropdownMenuContent side="top" align="start" className="max-h-[min(28rem,var(--radix-dropdown-menu-content-available-height))] w-80 max-w-[calc(100vw-1.5rem)] overflow-y-auto">
        {endpoints.map((endpoint) => (
          <Menu.Group key={endpoint}>
            <Menu.Label className="px-3 pb-1 pt-2 text-xs font-semibold uppercase tracking-wide text-neutral-500 dark:text-neutral-400">
              {endpointDisplayNames[endpoint]}
            </Menu.Label>
            {pickerModels(info, endpoint).map((model) => {
              const selected = value.endpoint === endpoint && value.model === model;
              return (
                <Menu.Item
                  key={`${endpoint}:${model}`}
                  data-testid="model-option"
                  data-model={model}
                  onSelect={() => onChange({ endpoint, model })}
                  className={cn(
                    'flex cursor-pointer select-none items-center gap-2 rounded-lg px-3 py-2 text-sm outline-none',
                    'data-[highlighted]:bg-neutral-100 dark:data-[highlighted]:bg-neutral-700',
                  )}
                >
                  <ModelLine model={model} />
                  <Check aria-hidden className={cn('size-4 shrink-0 text-emerald-600', !selected && 'invisible')} />
                </Menu.Item>
              );
            })}
          </Menu.Group>
        ))}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
