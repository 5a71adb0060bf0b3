import { Coins, Gift, Wallet } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { cn } from '../../components/ui/cn.ts';
import type { BalanceUnit } from '@parley/core';
import { useBalance } from './use-balance.ts';

const icons: Record<BalanceUnit, typeof Coins> = { credits: Wallet, quota: Coins, free_calls: Gift };

/** The caller's balance in its unit (token credits, quota 额度, free calls today); nothing until known. */
export function BalanceLine({ className }: { className?: string }) {
  const { t, i18n } = useTranslation();
  const balance = useBalance();
  if (!balance) return null;
  const Icon = icons[balance.unit];
  return (
    <div className={cn('flex items-center gap-2.5 text-sm text-neutral-700 dark:text-neutral-200', className)} data-testid="balance" data-unit={balance.unit}>
      <Icon aria-hidden className="size-4 shrink-0 text-emerald-600 dark:text-emerald-400" />
      {t(`balance.${balance.unit}`, { balance: new Intl.NumberFormat(i18n.language).format(balance.balance) })}
    </div>
  );
}
