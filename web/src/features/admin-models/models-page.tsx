import { endpointDisplayNames, endpointOrder, type AdminSettingsResponse } from '@parley/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Save } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ConsolePage, ConsolePanel } from '../../components/console/console-page.tsx';
import { Banner } from '../../components/ui/banner.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Field } from '../../components/ui/field.tsx';
import { Label } from '../../components/ui/label.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { useToasts } from '../../components/ui/toast-store.ts';
import { errorText } from '../../locales/error-text.ts';
import { RowsEditor } from './rows-editor.tsx';
import { formOf, formProblems, patchOf, type SettingsForm } from './settings-form.ts';
import { settingsApi } from './settings-api.ts';
import { fenToYuan } from './yuan.ts';

const textareaClass =
  'block w-full rounded-xl border border-neutral-300 bg-white px-3.5 py-2.5 text-sm text-neutral-900 shadow-xs placeholder:text-neutral-500 focus:border-emerald-500 focus:outline-none focus:ring-2 focus:ring-emerald-500/30 dark:border-neutral-700 dark:bg-neutral-900 dark:text-neutral-100 dark:placeholder:text-neutral-400';

function Hint({ children }: { children: ReactNode }) {
  return <p className="mb-3 text-xs text-neutral-500 dark:text-neutral-400">{children}</p>;
}

function SettingsEditor({ loaded }: { loaded: AdminSettingsResponse }) {
  const { t } = useTranslation();
  const toast = useToasts((s) => s.show);
  const queryClient = useQueryClient();
  const [form, setForm] = useState<SettingsForm>(() => formOf(loaded.settings));
  const set = <K extends keyof SettingsForm>(name: K, value: SettingsForm[K]) => setForm((f) => ({ ...f, [name]: value }));
  const problems = formProblems(form);
  const save = useMutation({
    mutationFn: () => settingsApi.save(patchOf(form)),
    onSuccess: (saved) => {
      queryClient.setQueryData(['admin', 'settings'], saved);
      // The chat reads the packs, names and announcement from the startup config.
      void queryClient.invalidateQueries({ queryKey: ['startupConfig'] });
      setForm(formOf(saved.settings));
      toast(t('admin-models:saved'), 'success');
    },
  });
  const { defaults } = loaded;
  const problem = (name: string) => (problems.includes(name) ? <p className="mt-2 text-xs text-red-600 dark:text-red-400">{t('admin-models:invalid')}</p> : null);

  return (
    <ConsolePage
      title={t('admin-models:title')}
      description={t('admin-models:description')}
      actions={
        <Button onClick={() => save.mutate()} disabled={problems.length > 0 || save.isPending} data-testid="models-save">
          <Save aria-hidden className="size-4" />
          {t('admin-models:save')}
        </Button>
      }
      data-testid="models-page"
    >
      {save.isError ? <Banner>{errorText(t, save.error)}</Banner> : null}
      <div className="grid gap-5 lg:grid-cols-2">
        <ConsolePanel title={t('admin-models:announcement.title')}>
          <Hint>{t('admin-models:announcement.hint')}</Hint>
          <textarea
            className={textareaClass}
            rows={4}
            maxLength={4000}
            value={form.announcement}
            onChange={(e) => set('announcement', e.target.value)}
            aria-label={t('admin-models:announcement.title')}
            data-testid="models-announcement"
          />
        </ConsolePanel>
        <ConsolePanel title={t('admin-models:basics.title')}>
          <div className="grid gap-4 sm:grid-cols-2">
            <Field
              label={t('admin-models:basics.free_calls')}
              hint={t('admin-models:default_is', { value: defaults.freeCallsPerDay })}
              value={form.freeCallsPerDay}
              onChange={(e) => set('freeCallsPerDay', e.target.value)}
              inputMode="numeric"
              data-testid="models-free-calls"
            />
            <Field
              label={t('admin-models:basics.default_cost')}
              hint={t('admin-models:default_is', { value: defaults.defaultCost })}
              value={form.defaultCost}
              onChange={(e) => set('defaultCost', e.target.value)}
              inputMode="numeric"
              data-testid="models-default-cost"
            />
          </div>
          {problem('freeCallsPerDay') ?? problem('defaultCost')}
        </ConsolePanel>
        <ConsolePanel title={t('admin-models:packs.title')}>
          <Hint>{t('admin-models:packs.hint', { packs: defaults.topUpPacks.map((p) => `${p.quota} → ¥${fenToYuan(p.priceFen)}`).join(', ') })}</Hint>
          <RowsEditor columns={[t('admin-models:packs.quota'), t('admin-models:packs.price'), t('admin-models:packs.days')]} rows={form.packs} onChange={(rows) => set('packs', rows)} testId="models-packs" />
          {problem('packs')}
        </ConsolePanel>
        <ConsolePanel title={t('admin-models:call_costs.title')}>
          <Hint>{t('admin-models:call_costs.hint')}</Hint>
          <RowsEditor columns={[t('admin-models:model'), t('admin-models:call_costs.cost')]} rows={form.callCosts} onChange={(rows) => set('callCosts', rows)} testId="models-costs" />
          {problem('callCosts')}
        </ConsolePanel>
        <ConsolePanel title={t('admin-models:token_prices.title')}>
          <Hint>{t('admin-models:token_prices.hint')}</Hint>
          <RowsEditor
            columns={[t('admin-models:model'), t('admin-models:token_prices.input'), t('admin-models:token_prices.output'), t('admin-models:token_prices.cached')]}
            rows={form.tokenPrices}
            onChange={(rows) => set('tokenPrices', rows)}
            testId="models-token-prices"
          />
          {problem('tokenPrices')}
        </ConsolePanel>
        <ConsolePanel title={t('admin-models:names.title')}>
          <Hint>{t('admin-models:names.hint')}</Hint>
          <RowsEditor columns={[t('admin-models:model'), t('admin-models:names.name')]} rows={form.displayNames} onChange={(rows) => set('displayNames', rows)} testId="models-names" />
          {problem('displayNames')}
        </ConsolePanel>
      </div>
      <ConsolePanel title={t('admin-models:offered.title')}>
        <Hint>{t('admin-models:offered.hint')}</Hint>
        <div className="grid gap-4 md:grid-cols-2 lg:grid-cols-3">
          {endpointOrder.map((endpoint) => (
            <div key={endpoint} className="space-y-1.5">
              <Label htmlFor={`offered-${endpoint}`}>{endpointDisplayNames[endpoint]}</Label>
              <textarea
                id={`offered-${endpoint}`}
                className={`${textareaClass} font-mono text-xs`}
                rows={4}
                maxLength={20_000}
                value={form.models[endpoint]}
                placeholder={(defaults.models[endpoint] ?? []).join('\n')}
                onChange={(e) => set('models', { ...form.models, [endpoint]: e.target.value })}
                data-testid={`models-offered-${endpoint}`}
              />
            </div>
          ))}
        </div>
      </ConsolePanel>
    </ConsolePage>
  );
}

/** Models and prices: what the chat and the API offer and charge, the packs sold and the welcome announcement. */
export function ModelsPage() {
  const { t } = useTranslation();
  const loaded = useQuery({ queryKey: ['admin', 'settings'], queryFn: settingsApi.get });
  if (loaded.error) return <Banner>{errorText(t, loaded.error)}</Banner>;
  if (!loaded.data) return <div className="flex justify-center p-10"><Spinner label={t('admin:table.loading')} /></div>;
  return <SettingsEditor loaded={loaded.data} />;
}
