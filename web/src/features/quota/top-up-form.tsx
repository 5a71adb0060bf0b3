import type { OrderPurpose, PayType, StartupConfig } from '@parley/core';
import { LoaderCircle, MessageCircle, Wallet } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Banner } from '../../components/ui/banner.tsx';
import { Button } from '../../components/ui/button.tsx';
import { ChoiceCards } from '../../components/ui/choice-cards.tsx';
import { OrderProgress } from './order-progress.tsx';
import { payMethodIds } from './pay-methods.ts';
import type { TopUp } from './use-top-up.ts';

export interface TopUpFormProps {
  topUp: TopUp;
  /** The packs and methods this server sells (startup config). */
  offer: Pick<StartupConfig, 'topUpPacks' | 'payMethods'>;
  /** What the order buys: the texts after payment depend on it. */
  purpose: OrderPurpose;
  /** Looks the quota up again, once the user has paid (a key's top-up only). */
  onRefreshQuota?(): void;
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
export function TopUpForm({ topUp, offer, purpose, onRefreshQuota, alipayBlocked = false }: TopUpFormProps) {
  const { t, i18n } = useTranslation();
  const { state } = topUp;
  const creating = state.status === 'creating' || state.status === 'redirecting';
  const price = (amount: number) => t('quota.price', { price: amount });
  const format = (n: number) => new Intl.NumberFormat(i18n.language).format(n);

  return (
    <div className="space-y-5">
      <ChoiceCards
        legend={t('quota.pack.legend')}
        value={topUp.pack?.price ?? null}
        onChange={(value) => topUp.choosePack(offer.topUpPacks.find((pack) => pack.price === value)!)}
        disabled={creating}
        options={offer.topUpPacks.map((pack) => ({
          value: pack.price,
          label: t(purpose === 'credits' ? 'buy.credits_amount' : 'quota.pack.amount', { credits: format(pack.quota), quota: format(pack.quota) }),
          detail: pack.days ? t('buy.pack_days', { price: price(pack.price), count: pack.days }) : price(pack.price),
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
        {state.status === 'redirecting' ? t('buy.redirecting') : creating ? t('quota.pay.creating') : topUp.pack ? t('quota.pay.action_price', { price: price(topUp.pack.price) }) : t('quota.pay.action')}
      </Button>
      {state.status === 'created' ? <OrderProgress orderId={state.orderId} payUrl={state.payUrl} purpose={purpose} onRefreshQuota={onRefreshQuota} /> : null}
    </div>
  );
}
