import { ChartColumn } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useStartupConfig } from '../../api/use-startup-config.ts';
import { storedApiKey } from '../../api/session.ts';
import { Banner } from '../../components/ui/banner.tsx';
import { Dialog, DialogContent } from '../../components/ui/dialog.tsx';
import { useAccessDialogs } from '../access/access-dialogs-store.ts';
import { BalanceLine } from '../balance/balance-line.tsx';
import { useAccess } from '../../state/use-access.ts';
import { useAuthStore } from '../../state/auth-store.ts';
import { placerFor, purchaseFor, type Purchase } from './purchase.ts';
import { QuotaLookupCard } from './quota-lookup-card.tsx';
import { RedeemCodeForm } from './redeem-code-form.tsx';
import { TopUpForm } from './top-up-form.tsx';
import { useQuotaLookup } from './use-quota-lookup.ts';
import { useTopUp } from './use-top-up.ts';

/** From what is left to where it went: the key's or account's "My usage" page. */
function MyUsageLink() {
  const { t } = useTranslation();
  const close = useAccessDialogs((s) => s.close);
  return (
    <Link to="/usage" onClick={close} className="inline-flex items-center gap-1.5 text-sm font-medium text-emerald-700 underline-offset-4 hover:underline dark:text-emerald-400" data-testid="quota-my-usage">
      <ChartColumn aria-hidden className="size-4" />
      {t('my_usage.open')}
    </Link>
  );
}

/** Mounted only while open, so each opening starts a fresh order and a fresh lookup. */
function QuotaDialogBody({ purchase }: { purchase: Purchase }) {
  const { t } = useTranslation();
  const config = useStartupConfig().data;
  const keyTopUp = purchase.purpose === 'key_topup' && !purchase.renew ? purchase.apiKey : null;
  const lookup = useQuotaLookup(keyTopUp, true);
  const topUp = useTopUp(placerFor(purchase, storedApiKey));
  const offer = config && purchase.purpose === 'credits' ? { ...config, topUpPacks: config.topUpPacks.map((pack) => ({ ...pack, quota: pack.price * config.creditsPerYuan, days: undefined })) } : config;
  return (
    <div className="space-y-6 px-6 py-5">
      {keyTopUp ? <QuotaLookupCard lookup={lookup} canLookUp /> : null}
      {purchase.purpose === 'credits' ? <BalanceLine className="rounded-2xl bg-emerald-50 px-5 py-4 dark:bg-emerald-950/40" /> : null}
      {keyTopUp || purchase.purpose === 'credits' ? <MyUsageLink /> : null}
      {purchase.purpose === 'new_key' ? (
        <p className="text-sm leading-relaxed text-neutral-600 dark:text-neutral-300" data-testid="buy-intro">
          {t('buy.intro')}
        </p>
      ) : null}
      {purchase.purpose === 'key_topup' && purchase.renew ? (
        <Banner tone="info" data-testid="renew-intro">
          {t('buy.renew_intro')}
        </Banner>
      ) : null}
      {config?.paymentsEnabled && offer ? (
        <TopUpForm topUp={topUp} offer={offer} purpose={purchase.purpose} onRefreshQuota={keyTopUp ? lookup.refresh : undefined} />
      ) : config ? (
        <Banner tone="info" data-testid="top-up-unavailable">
          {t('quota.unavailable')}
        </Banner>
      ) : null}
      {/* A code tops up the key in hand, or (a new-key code) makes one; accounts buy credits only. */}
      {purchase.purpose !== 'credits' ? <RedeemCodeForm apiKey={keyTopUp} onRedeemed={lookup.refresh} /> : null}
    </div>
  );
}

/**
 * Quota management, 额度管理 (SPEC points 2, 4 and 5): the key's remaining quota and its top-up;
 * for an account with credits, its credits; for a visitor or an expired key, buying a key or
 * renewing it, paid the same way.
 */
export function QuotaDialog() {
  const dialog = useAccessDialogs((s) => (s.open === 'quota' || s.open === 'buy' ? s.open : null));
  const close = useAccessDialogs((s) => s.close);
  // Who is buying (a key, an account, a visitor) is known once the server's mode is.
  const configReady = useStartupConfig().data !== undefined;
  return (
    <Dialog open={dialog !== null} onOpenChange={(next) => !next && close()}>
      {dialog && configReady ? <QuotaDialogContent dialog={dialog} /> : null}
    </Dialog>
  );
}

/** What the dialog sells is decided as it opens: a key removed meanwhile (another tab) is a missing key at pay time, not another sale. */
function QuotaDialogContent({ dialog }: { dialog: 'quota' | 'buy' }) {
  const { t } = useTranslation();
  const renewKey = useAccessDialogs((s) => s.renewKey);
  const { apiKey } = useAccess();
  const signedIn = useAuthStore((s) => s.status === 'authenticated');
  const checkBalance = useStartupConfig().data?.checkBalance === true;
  const [purchase] = useState(() => purchaseFor({ dialog, storedKey: apiKey, renewKey, accountCredits: signedIn && checkBalance }));
  const title = purchase.purpose === 'new_key' ? t('buy.title') : purchase.purpose === 'credits' ? t('buy.credits_title') : purchase.renew ? t('buy.renew_title') : t('quota.title');
  const description = purchase.purpose === 'key_topup' && !purchase.renew ? t('quota.description') : undefined;
  return (
    <DialogContent title={title} description={description} closeLabel={t('common.close')} className="max-w-md" data-testid="quota-dialog">
      <QuotaDialogBody purchase={purchase} />
    </DialogContent>
  );
}
