import type { RedeemCodeResponse } from '@parley/core';
import { useMutation } from '@tanstack/react-query';
import { Check, Copy, KeyRound, LoaderCircle, Ticket } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Banner } from '../../components/ui/banner.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Input } from '../../components/ui/input.tsx';
import { useCopy } from '../../components/use-copy.ts';
import { errorText } from '../../locales/error-text.ts';
import { useSaveAccessKey } from '../access/use-save-access-key.ts';
import { quotaApi } from './quota-api.ts';

/** A new key from a code: shown this once, with a copy button and a way to start using it. */
function NewKey({ result }: { result: Extract<RedeemCodeResponse, { kind: 'new-key' }> }) {
  const { t, i18n } = useTranslation();
  const { copied, copy } = useCopy();
  const saveKey = useSaveAccessKey();
  return (
    <div className="space-y-3 rounded-xl border border-emerald-300 bg-emerald-50/60 px-4 py-3.5 dark:border-emerald-800 dark:bg-emerald-950/30" data-testid="redeem-new-key">
      <p className="text-sm font-medium text-neutral-900 dark:text-neutral-50">{t('quota.redeem.new_key', { quota: new Intl.NumberFormat(i18n.language).format(result.quota) })}</p>
      <code className="block break-all rounded-lg bg-white px-3 py-2 font-mono text-xs text-neutral-900 select-all dark:bg-neutral-900 dark:text-neutral-100" data-testid="redeem-key-value">
        {result.key}
      </code>
      <p className="text-xs text-amber-800 dark:text-amber-300">{t('quota.redeem.keep_it')}</p>
      <div className="flex flex-wrap gap-2">
        <Button variant="secondary" size="sm" onClick={() => copy(result.key)} data-testid="redeem-copy-key">
          {copied ? <Check aria-hidden className="size-4" /> : <Copy aria-hidden className="size-4" />}
          {copied ? t('quota.redeem.copied') : t('quota.redeem.copy')}
        </Button>
        <Button size="sm" onClick={() => saveKey(result.key)} data-testid="redeem-use-key">
          <KeyRound aria-hidden className="size-4" />
          {t('quota.redeem.use_key')}
        </Button>
      </div>
    </div>
  );
}

/** 兑换码: a code from the operator tops up the key in use, or gives a new key. */
export function RedeemCodeForm({ apiKey, onRedeemed }: { apiKey: string | null; onRedeemed(): void }) {
  const { t, i18n } = useTranslation();
  const [code, setCode] = useState('');
  const redeem = useMutation({
    mutationFn: (typed: string) => quotaApi.redeem({ code: typed, apikey: apiKey ?? undefined }),
    onSuccess: (result) => {
      setCode('');
      if (result.kind === 'topup') onRedeemed();
    },
    onError: (error) => console.warn('Redeeming a code failed', error),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (code.trim()) redeem.mutate(code.trim());
  };
  const result = redeem.data;
  return (
    <section className="space-y-3 border-t border-neutral-200 pt-5 dark:border-neutral-700" aria-labelledby="redeem-title">
      <h3 id="redeem-title" className="flex items-center gap-2 text-sm font-semibold text-neutral-900 dark:text-neutral-50">
        <Ticket aria-hidden className="size-4 text-emerald-600 dark:text-emerald-400" />
        {t('quota.redeem.title')}
      </h3>
      {/* Stacked on a phone, so the code's placeholder shows whole. */}
      <form onSubmit={submit} className="flex flex-col gap-2 sm:flex-row">
        <Input
          value={code}
          onChange={(event) => setCode(event.target.value)}
          placeholder="XXXXX-XXXXX-XXXXX-XXXXX"
          aria-label={t('quota.redeem.label')}
          autoComplete="off"
          spellCheck={false}
          maxLength={100}
          className="font-mono uppercase"
          data-testid="redeem-code-input"
        />
        <Button type="submit" disabled={!code.trim() || redeem.isPending} data-testid="redeem-submit" className="shrink-0">
          {redeem.isPending ? <LoaderCircle aria-hidden className="size-4 animate-spin" /> : null}
          {t('quota.redeem.action')}
        </Button>
      </form>
      {redeem.isError ? <Banner data-testid="redeem-error">{errorText(t, redeem.error)}</Banner> : null}
      {result?.kind === 'topup' ? (
        <Banner tone="success" data-testid="redeem-topped-up">
          {t('quota.redeem.topped_up', { added: new Intl.NumberFormat(i18n.language).format(result.added), quota: new Intl.NumberFormat(i18n.language).format(result.quota) })}
        </Banner>
      ) : null}
      {result?.kind === 'new-key' ? <NewKey result={result} /> : null}
    </section>
  );
}
