import * as Menu from '@radix-ui/react-dropdown-menu';
import { aliasEntry, endpointDisplayNames, type EndpointName } from '@parley/core';
import { ArrowRightLeft, Check, ChevronDown, Search } from 'lucide-react';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useModelName } from '../../api/use-model-name.ts';
import { useStartupConfig } from '../../api/use-startup-config.ts';
import { DropdownMenu, DropdownMenuContent, DropdownMenuTrigger } from '../../components/ui/dropdown-menu.tsx';
import { cn } from '../../components/ui/cn.ts';
import { EndpointIcon } from '../../components/endpoint-icon.tsx';
import type { ChatSetup } from '../../state/chat-store.ts';
import { pickerModels } from '../../state/chat-setup.ts';
import type { EndpointsInfo } from '../../state/use-endpoints-info.ts';
import { useModelCosts } from '../../state/use-model-costs.ts';
import { useModelRetirements } from '../../state/use-model-retirements.ts';
import { answeringModel, pickerGroups, type ModelFamily } from './picker-groups.ts';
import { enterList, listKeys } from './picker-list-keys.ts';

export interface ModelPickerProps {
  info: EndpointsInfo;
  value: ChatSetup;
  /** The endpoints offered; in a saved conversation a pick of another one answers its next message. */
  endpoints: EndpointName[];
  onChange(setup: ChatSetup): void;
  disabled?: boolean;
}

/** A shutdown day (`YYYY-MM-DD`, UTC) in the reader's language: 11 Dec 2026, 2026年12月11日… */
export function shutdownDayText(language: string, day: string): string {
  return new Intl.DateTimeFormat(language, { year: 'numeric', month: 'short', day: 'numeric', timeZone: 'UTC' }).format(new Date(`${day}T00:00:00Z`));
}

interface ModelLineProps {
  model: string;
  /** Quota one call costs, shown where calls are paid for (keys mode). */
  cost?: number;
  /** The model's shutdown day when it is within 30 days. */
  retires?: string;
}

function ModelLine({ model, cost, retires }: ModelLineProps) {
  const { t, i18n } = useTranslation();
  const entry = aliasEntry(model);
  const modelName = useModelName();
  return (
    <span className="flex min-w-0 flex-1 items-center gap-2">
      <span className="flex min-w-0 flex-col">
        <span className="flex min-w-0 items-baseline gap-2">
          <span className="truncate font-medium">{modelName(model)}</span>
          {entry?.labelKey ? <span className="truncate text-xs text-neutral-500 dark:text-neutral-400">{t(entry.labelKey)}</span> : null}
        </span>
        {retires ? (
          <span data-testid="model-retiring" className="truncate text-xs font-medium text-red-700 dark:text-red-400">
            {t('models.retiring', { date: shutdownDayText(i18n.language, retires) })}
          </span>
        ) : null}
      </span>
      {cost !== undefined ? (
        <span data-testid="model-cost" className="ml-auto shrink-0 rounded-full bg-amber-100 px-2 py-0.5 text-[11px] font-medium text-amber-800 dark:bg-amber-900/40 dark:text-amber-300">
          {t('chat.model.cost', { cost })}
        </span>
      ) : null}
    </span>
  );
}

const itemClass = cn(
  'flex cursor-pointer select-none items-center gap-2 rounded-lg px-3 py-2 text-sm outline-none',
  'data-[highlighted]:bg-neutral-100 dark:data-[highlighted]:bg-neutral-700',
);

/**
 * The options bar's model picker (SPEC points 2, 3; issues 12, 25, 29): a search box, each endpoint's
 * models under its provider, the spec's ids grouped under the model that answers them, each with
 * its label, its quota cost where calls are paid for (keys mode) and, for a model shutting down
 * within 30 days, its shutdown day; each model listed once. In a saved conversation picking
 * another endpoint's model sends the next message there.
 */
export function ModelPicker({ info, value, endpoints, onChange, disabled }: ModelPickerProps) {
  const { t } = useTranslation();
  const aliases = useStartupConfig().data?.modelAliases;
  const modelName = useModelName();
  const retirements = useModelRetirements().data;
  const [query, setQuery] = useState('');
  const search = useRef<HTMLInputElement>(null);
  // With a mouse the search box takes the keys at once; a touch screen keeps its keyboard closed until tapped.
  const focusSearch = () => {
    if (window.matchMedia('(pointer: fine)').matches) search.current?.focus();
  };
  const costs = useModelCosts();
  const groups = pickerGroups(endpoints, value.endpoint, (endpoint) => pickerModels(info, endpoint), query, (endpoint) => aliases?.[endpoint]);
  const option = (endpoint: EndpointName, model: string, nested: boolean) => (
    <Menu.Item
      key={`${endpoint}:${model}`}
      data-testid="model-option"
      data-endpoint={endpoint}
      data-model={model}
      onSelect={() => onChange({ endpoint, model })}
      className={cn(itemClass, nested && 'pl-6')}
    >
      <ModelLine model={model} cost={costs?.[endpoint]?.[model]} retires={retirements?.[endpoint]?.[model]} />
      <Check aria-hidden className={cn('size-4 shrink-0 text-emerald-600', !(value.endpoint === endpoint && value.model === model) && 'invisible')} />
    </Menu.Item>
  );
  const family = (endpoint: EndpointName, { answering, models }: ModelFamily) =>
    answering ? (
      <div key={`${endpoint}:${answering}`} role="none" data-testid="model-family" data-answering={answering}>
        <div role="none" className="truncate px-3 pb-0.5 pt-1.5 text-xs text-neutral-500 dark:text-neutral-400">
          {t('chat.model.answers', { model: answering })}
        </div>
        {models.map((model) => option(endpoint, model, true))}
      </div>
    ) : (
      models.map((model) => option(endpoint, model, false))
    );
  const answering = answeringModel(value.endpoint, value.model, aliases?.[value.endpoint]);
  return (
    <DropdownMenu onOpenChange={(open) => !open && setQuery('')}>
      <DropdownMenuTrigger
        disabled={disabled}
        // It opens a search box above a menu of models: a small dialog rather than a bare menu.
        aria-haspopup="dialog"
        data-testid="model-picker"
        className="inline-flex h-9 max-w-full cursor-pointer items-center gap-1.5 rounded-xl px-3 text-sm font-medium text-neutral-700 transition-colors hover:bg-neutral-100 disabled:cursor-not-allowed disabled:opacity-60 data-[state=open]:bg-neutral-100 dark:text-neutral-200 dark:hover:bg-neutral-800 dark:data-[state=open]:bg-neutral-800"
      >
        {/* Named by what it shows, the action read first: "Choose a model: GPT-4o" (its visible text stays in its name). */}
        <span className="sr-only">{t('chat.model.choose')}: </span>
        <span className="truncate">{modelName(value.model)}</span>
        {answering ? <span className="hidden truncate font-normal text-neutral-600 sm:inline dark:text-neutral-400">· {answering}</span> : null}
        <ChevronDown aria-hidden className="size-4 shrink-0 text-neutral-400" />
      </DropdownMenuTrigger>
      {/* A modal popup (the page behind is hidden and out of reach) holding the search box and the menu, which may hold only its items. */}
      <DropdownMenuContent
        role="dialog"
        aria-modal
        // A menu's attribute, not a dialog's: the menu inside is vertical by default.
        aria-orientation={undefined}
        side="top"
        align="start"
        onFocusCapture={(event) => event.target === event.currentTarget && focusSearch()}
        onKeyDown={enterList}
        className="flex max-h-[min(30rem,var(--radix-dropdown-menu-content-available-height))] w-80 max-w-[calc(100vw-1.5rem)] flex-col">
        <label className="mb-1 flex shrink-0 items-center gap-2 rounded-lg border border-neutral-200 px-2.5 dark:border-neutral-700">
          <Search aria-hidden className="size-4 shrink-0 text-neutral-400" />
          <input
            ref={search}
            data-testid="model-search"
            value={query}
            onChange={(event) => setQuery(event.target.value)}
            // The menu's typeahead would take the letters and it would hold Tab (which goes on to the list); the arrows move into the list.
            onKeyDown={(event) => !listKeys.has(event.key) && event.key !== 'Escape' && event.stopPropagation()}
            placeholder={t('chat.model.search')}
            aria-label={t('chat.model.search')}
            className="h-9 min-w-0 flex-1 bg-transparent text-sm outline-none placeholder:text-neutral-500 dark:placeholder:text-neutral-400"
          />
        </label>
        {groups.length === 0 ? (
          <p data-testid="model-search-empty" className="px-3 py-4 text-center text-sm text-neutral-500 dark:text-neutral-400">
            {t('chat.model.none')}
          </p>
        ) : (
          // In the tab order after the search box, so the keyboard reaches the list that scrolls; the arrows go on into it.
          <div role="menu" aria-label={t('chat.model.choose')} tabIndex={0} className="min-h-0 overflow-y-auto rounded-lg outline-none focus-visible:ring-2 focus-visible:ring-emerald-500">
            {groups.map((group) => (
              <Menu.Group key={group.endpoint} data-testid="model-group" data-endpoint={group.endpoint}>
                <Menu.Label className="flex items-center gap-2 px-3 pb-1 pt-2 text-xs font-semibold uppercase tracking-wide text-neutral-500 dark:text-neutral-400">
                  <EndpointIcon endpoint={group.endpoint} className="size-5 rounded-md" />
                  {endpointDisplayNames[group.endpoint]}
                </Menu.Label>
                {'sameAs' in group ? (
                  <Menu.Item
                    data-testid="endpoint-switch"
                    data-endpoint={group.endpoint}
                    onSelect={() => onChange({ endpoint: group.endpoint, model: value.model })}
                    className={itemClass}
                  >
                    <ArrowRightLeft aria-hidden className="size-4 shrink-0 text-neutral-500 dark:text-neutral-400" />
                    <span className="min-w-0 flex-1 truncate">{t('chat.model.same_models', { endpoint: endpointDisplayNames[group.sameAs] })}</span>
                    <Check aria-hidden className={cn('size-4 shrink-0 text-emerald-600', value.endpoint !== group.endpoint && 'invisible')} />
                  </Menu.Item>
                ) : (
                  group.families.map((f) => family(group.endpoint, f))
                )}
              </Menu.Group>
            ))}
          </div>
        )}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
