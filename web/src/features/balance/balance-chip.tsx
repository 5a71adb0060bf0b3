import { Coins, Gift, Wallet } from 'lucide-react';
import type { BalanceUnit } from '@parley/core';
import { useTranslation } from 'react-i18next';
import { useBalance } from './use-balance.ts';

const icons: Record<BalanceUnit, typeof Coins> = { credits: Wallet, quota: Coins, free_calls: Gift };

/** The phone header's balance: the number with its unit's icon, a tap away from topping it up. */
export function BalanceChip({ onOpen }: { onOpen(unit: BalanceUnit): void }) {
  const { t, i18n } = useTranslation();
  const balance = useBalance();
  if (!balance) return null;
  const Icon = icons[balance.unit];
  const amount = new Intl.NumberFormat(i18n.language, { notation: balance.balance >= 100_000 ? 'compact' : 'standard' }).format(balance.balance);
  return (
    <button
      type="button"
      onClick={() => onOpen(balance.unit)}
      aria-label={t(`balance.${balance.unit}`, { balance: new Intl.NumberFormat(i18n.language).format(balance.balance) })}
      data-testid="header-balance"
      data-unit={balance.unit}
      className="inline-flex h-8 shrink-0 cursor-pointer items-center gap-1.5 rounded-full bg-emerald-50 px-2.5 text-xs font-semibold tabular-nums text-emerald-800 transition-colors hover:bg-emerald-100 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-emerald-500/60 dark:bg-emerald-950/60 dark:text-emerald-200 dark:hover:bg-emerald-900/60"
    >
      <Icon aria-hidden className="size-3.5" />
      {amount}
    </button>
  );
}
