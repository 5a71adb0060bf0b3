import * as Menu from '@radix-ui/react-dropdown-menu';
import { aliasEntry, endpointDisplayNames, modelDisplayName, resolveModel, type AliasOverrides, type EndpointName } from '@parley/core';
import { Check, ChevronDown, Search } from 'lucide-react';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useStartupConfig } from '../../api/use-startup-config.ts';
import { DropdownMenu, DropdownMenuContent, DropdownMenuTrigger } from '../../components/ui/dropdown-menu.tsx';
import { cn } from '../../components/ui/cn.ts';
import { EndpointIcon } from '../../components/endpoint-icon.tsx';
import type { ChatSetup } from '../../state/chat-store.ts';
import { pickerModels } from '../../state/chat-setup.ts';
import type { EndpointsInfo } from '../../state/use-endpoints-info.ts';
import { useModelRetirements } from '../../state/use-model-retirements.ts';

export interface ModelPickerProps {
  info: EndpointsInfo;
  value: ChatSetup;
  /** The endpoints offered; in a saved conversation a pick of another one answers its next message. */
  endpoints: EndpointName[];
  onChange(setup: ChatSetup): void;
  disabled?: boolean;
}

/** The name of the model that answers for `model` on `endpoint` (after the operator's overrides), when it is not the id itself. */
export function answeringModel(endpoint: EndpointName, model: string, overrides?: AliasOverrides): string | undefined {
  const { upstreamId, info } = resolveModel(endpoint, model, overrides);
  if (upstreamId === model) return undefined;
  return info?.label ?? upstreamId;
}

function matches(query: string, endpoint: EndpointName, model: string, label: string | undefined, overrides?: AliasOverrides): boolean {
  const haystack = [model, modelDisplayName(model), answeringModel(endpoint, model, overrides), label, endpointDisplayNames[endpoint]].join(' ').toLowerCase();
  return query.split(/\s+/).every((word) => haystack.includes(word));
}

/** A shutdown day (`YYYY-MM-DD`, UTC) in the reader's language: 11 Dec 2026, 2026年12月11日… */
export function shutdownDayText(language: string, day: string): string {
  return new Intl.DateTimeFormat(language, { year: 'numeric', month: 'short', day: 'numeric', timeZone: 'UTC' }).format(new Date(`${day}T00:00:00Z`));
}

interface ModelLineProps {
  endpoint: EndpointName;
  model: string;
  overrides?: AliasOverrides;
  /** The model's shutdown day when it is within 30 days. */
  retires?: string;
}

function ModelLine({ endpoint, model, overrides, retires }: ModelLineProps) {
  const { t, i18n } = useTranslation();
  const entry = aliasEntry(model);
  const answering = answeringModel(endpoint, model, overrides);
  return (
    <span className="flex min-w-0 flex-1 items-center gap-2">
      <span className="flex min-w-0 flex-col">
        <span className="flex min-w-0 items-baseline gap-2">
          <span className="truncate font-medium">{modelDisplayName(model)}</span>
          {entry?.labelKey ? <span className="truncate text-xs text-neutral-500 dark:text-neutral-400">{t(entry.labelKey)}</span> : null}
        </span>
        {answering ? (
          <span data-testid="model-upstream" className="truncate text-xs text-neutral-500 dark:text-neutral-400">
            {t('chat.model.answers', { model: answering })}
          </span>
        ) : null}
        {retires ? (
          <span data-testid="model-retiring" className="truncate text-xs font-medium text-red-700 dark:text-red-400">
            {t('models.retiring', { date: shutdownDayText(i18n.language, retires) })}
          </span>
        ) : null}
      </span>
      {entry?.cost ? (
        <span className="ml-auto shrink-0 rounded-full bg-amber-100 px-2 py-0.5 text-[11px] font-medium text-amber-800 dark:bg-amber-900/40 dark:text-amber-300">
          {t('chat.model.cost', { cost: entry.cost })}
        </span>
      ) : null}
    </span>
  );
}

/**
 * The options bar's model picker (SPEC points 2, 3; issues 12, 25): a search box, each endpoint's
 * models under its provider with label, quota cost, the upstream model that answers and, for a
 * model shutting down within 30 days, its shutdown day; in a
 * saved conversation picking another endpoint's model sends the next message there.
 */
export function ModelPicker({ info, value, endpoints, onChange, disabled }: ModelPickerProps) {
  const { t } = useTranslation();
  const aliases = useStartupConfig().data?.modelAliases;
  const retirements = useModelRetirements().data;
  const [query, setQuery] = useState('');
  const search = useRef<HTMLInputElement>(null);
  // With a mouse the search box takes the keys at once; a touch screen keeps its keyboard closed until tapped.
  const focusSearch = () => {
    if (window.matchMedia('(pointer: fine)').matches) search.current?.focus();
  };
  const needle = query.trim().toLowerCase();
  const groups = endpoints
    .map((endpoint) => ({
      endpoint,
      models: pickerModels(info, endpoint).filter((model) => !needle || matches(needle, endpoint, model, aliasEntry(model)?.label, aliases?.[endpoint])),
    }))
    .filter((group) => group.models.length > 0);
  const answering = answeringModel(value.endpoint, value.model, aliases?.[value.endpoint]);
  return (
    <DropdownMenu onOpenChange={(open) => !open && setQuery('')}>
      <DropdownMenuTrigger
        disabled={disabled}
        data-testid="model-picker"
        aria-label={t('chat.model.choose')}
        className="inline-flex h-9 max-w-full cursor-pointer items-center gap-1.5 rounded-xl px-3 text-sm font-medium text-neutral-700 transition-colors hover:bg-neutral-100 disabled:cursor-not-allowed disabled:opacity-60 data-[state=open]:bg-neutral-100 dark:text-neutral-200 dark:hover:bg-neutral-800 dark:data-[state=open]:bg-neutral-800"
      >
        <span className="truncate">{modelDisplayName(value.model)}</span>
        {answering ? <span className="hidden truncate font-normal text-neutral-600 sm:inline dark:text-neutral-400">· {answering}</span> : null}
        <ChevronDown aria-hidden className="size-4 shrink-0 text-neutral-400" />
      </DropdownMenuTrigger>
      <DropdownMenuContent
        side="top"
        align="start"
        onFocusCapture={(event) => event.target === event.currentTarget && focusSearch()}
        className="flex max-h-[min(30rem,var(--radix-dropdown-menu-content-available-height))] w-80 max-w-[calc(100vw-1.5rem)] flex-col">
        <label className="mb-1 flex shrink-0 items-center gap-2 rounded-lg border border-neutral-200 px-2.5 dark:border-neutral-700">
          <Search aria-hidden className="size-4 shrink-0 text-neutral-400" />
          <input
            ref={search}
            data-testid="model-search"
            value={query}
            onChange={(event) => setQuery(event.target.value)}
            // The menu's typeahead would take the letters; arrows still move into the list.
            onKeyDown={(event) => event.key !== 'ArrowDown' && event.key !== 'Escape' && event.stopPropagation()}
            placeholder={t('chat.model.search')}
            aria-label={t('chat.model.search')}
            className="h-9 min-w-0 flex-1 bg-transparent text-sm outline-none placeholder:text-neutral-500 dark:placeholder:text-neutral-400"
          />
        </label>
        <div className="min-h-0 overflow-y-auto">
          {groups.length === 0 ? (
            <p data-testid="model-search-empty" className="px-3 py-4 text-center text-sm text-neutral-500 dark:text-neutral-400">
              {t('chat.model.none')}
            </p>
          ) : null}
          {groups.map(({ endpoint, models }) => (
            <Menu.Group key={endpoint} data-testid="model-group" data-endpoint={endpoint}>
              <Menu.Label className="flex items-center gap-2 px-3 pb-1 pt-2 text-xs font-semibold uppercase tracking-wide text-neutral-500 dark:text-neutral-400">
                <EndpointIcon endpoint={endpoint} className="size-5 rounded-md" />
                {endpointDisplayNames[endpoint]}
              </Menu.Label>
              {models.map((model) => {
                const selected = value.endpoint === endpoint && value.model === model;
                return (
                  <Menu.Item
                    key={`${endpoint}:${model}`}
                    data-testid="model-option"
                    data-endpoint={endpoint}
                    data-model={model}
                    onSelect={() => onChange({ endpoint, model })}
                    className={cn(
                      'flex cursor-pointer select-none items-center gap-2 rounded-lg px-3 py-2 text-sm outline-none',
                      'data-[highlighted]:bg-neutral-100 dark:data-[highlighted]:bg-neutral-700',
                    )}
                  >
                    <ModelLine endpoint={endpoint} model={model} overrides={aliases?.[endpoint]} retires={retirements?.[endpoint]?.[model]} />
                    <Check aria-hidden className={cn('size-4 shrink-0 text-emerald-600', !selected && 'invisible')} />
                  </Menu.Item>
                );
              })}
            </Menu.Group>
          ))}
        </div>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
