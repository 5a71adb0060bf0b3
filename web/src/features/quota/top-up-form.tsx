import type { PayType, StartupConfig } from '@parley/core';
import { ExternalLink, LoaderCircle, MessageCircle, RefreshCw, Wallet } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Banner } from '../../components/ui/banner.tsx';
import { Button } from '../../components/ui/button.tsx';
import { ChoiceCards } from '../../components/ui/choice-cards.tsx';
import { payMethodIds } from './pay-methods.ts';
import type { TopUp } from './use-top-up.ts';

export interface TopUpFormProps {
  topUp: TopUp;
  /** The packs and methods this server sells (startup config). */
  offer: Pick<StartupConfig, 'topUpPacks' | 'payMethods'>;
  /** Looks the quota up again, once the user has paid. */
  onRefreshQuota(): void;
  /**
   * SPEC point 5: Alipay is disabled by a small-screen flag; the spec's client never sets it, and
   * neither does this app, so Alipay is offered everywhere. Kept so an operator's build can.
   */
  alipayBlocked?: boolean;
}

const methodIcons: Record<PayType, ReactNode> = {
  1: <MessageCircle aria-hidden className="size-5 shrink-0 text-[#07c160]" />,
  2: <Wallet aria-hidden className="size-5 shrink-0 text-[#1677ff]" />,
};

/** SPEC points 4 and 5: pick a pack and a method, pay; then refresh the quota or reopen the payment page. */
export function TopUpForm({ topUp, offer, onRefreshQuota, alipayBlocked = false }: TopUpFormProps) {
  const { t } = useTranslation();
  const { state } = topUp;
  const creating = state.status === 'creating';
  const price = (amount: number) => t('quota.price', { price: amount });

  return (
    <div className="space-y-5">
      <ChoiceCards
        legend={t('quota.pack.legend')}
        value={topUp.pack?.price ?? null}
        onChange={(value) => topUp.choosePack(offer.topUpPacks.find((pack) => pack.price === value)!)}
        disabled={creating}
        options={offer.topUpPacks.map((pack) => ({
          value: pack.price,
          label: t('quota.pack.amount', { quota: pack.quota }),
          detail: price(pack.price),
          'data-testid': `quota-pack-${pack.quota}`,
        }))}
      />
      <ChoiceCards
        legend={t('quota.method.legend')}
        value={topUp.type}
        onChange={topUp.chooseType}
        disabled={creating}
        options={offer.payMethods.map((type) => ({
          value: type,
          label: t(`quota.method.${payMethodIds[type]}`),
          icon: methodIcons[type],
          disabled: type === 2 && alipayBlocked,
          'data-testid': `pay-method-${payMethodIds[type]}`,
        }))}
      />
      {state.status === 'failed' ? (
        <Banner data-testid="top-up-error">{t(`quota.errors.${state.failure}`)}</Banner>
      ) : null}
      <Button className="w-full" disabled={!topUp.canPay} onClick={() => void topUp.pay()} data-testid="pay-button">
        {creating ? <LoaderCircle aria-hidden className="size-4 animate-spin" /> : null}
        {creating ? t('quota.pay.creating') : topUp.pack ? t('quota.pay.action_price', { price: price(topUp.pack.price) }) : t('quota.pay.action')}
      </Button>
      {state.status === 'created' ? (
        <div className="space-y-3 rounded-xl border border-neutral-200 px-4 py-3.5 dark:border-neutral-700" data-testid="order-created">
          <p className="text-sm text-neutral-600 dark:text-neutral-300">{t('quota.pay.opened')}</p>
          <div className="flex flex-wrap items-center justify-between gap-3">
            <Button variant="secondary" size="sm" onClick={onRefreshQuota} data-testid="paid-refresh">
              <RefreshCw aria-hidden className="size-4" />
              {t('quota.pay.paid_refresh')}
            </Button>
            <a
              href={state.payUrl}
              target="_blank"
              rel="noopener"
              data-testid="pay-reopen"
              className="inline-flex items-center gap-1 text-sm text-neutral-500 underline-offset-4 hover:text-neutral-800 hover:underline dark:text-neutral-400 dark:hover:text-neutral-100"
            >
              {t('quota.pay.not_responding')}
              <ExternalLink aria-hidden className="size-3.5" />
            </a>
          </div>
        </div>
      ) : null}
    </div>
  );
}
