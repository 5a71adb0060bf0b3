import { ExternalLink } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useStartupConfig } from '../../api/use-startup-config.ts';
import { cn } from '../../components/ui/cn.ts';

/**
 * SPEC point 1: the two external pages for visitors without a key, to buy one and to look one
 * up (`BUY_KEY_URL`, `LOOKUP_KEY_URL`); a link whose address the operator left empty is not shown.
 */
export function KeyLinks({ className }: { className?: string }) {
  const { t } = useTranslation();
  const config = useStartupConfig().data;
  const links = [
    { href: config?.buyKeyUrl, label: t('access.links.buy'), testId: 'buy-key-link' },
    { href: config?.lookupKeyUrl, label: t('access.links.lookup'), testId: 'lookup-key-link' },
  ].filter((link) => link.href);
  if (links.length === 0) return null;
  return (
    <div className={cn('flex flex-wrap gap-x-4 gap-y-1', className)}>
      {links.map((link) => (
        <a
          key={link.testId}
          href={link.href}
          target="_blank"
          rel="noopener noreferrer"
          data-testid={link.testId}
          className="inline-flex items-center gap-1 text-sm font-medium text-emerald-700 underline-offset-4 hover:underline dark:text-emerald-400"
        >
          {link.label}
          <ExternalLink aria-hidden className="size-3.5" />
        </a>
      ))}
    </div>
  );
}
