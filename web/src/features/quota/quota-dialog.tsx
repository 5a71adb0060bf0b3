import { useTranslation } from 'react-i18next';
import { useStartupConfig } from '../../api/use-startup-config.ts';
import { Banner } from '../../components/ui/banner.tsx';
import { Dialog, DialogContent } from '../../components/ui/dialog.tsx';
import { useAccessDialogs } from '../access/access-dialogs-store.ts';
import { useAccess } from '../../state/use-access.ts';
import { QuotaLookupCard } from './quota-lookup-card.tsx';
import { TopUpForm } from './top-up-form.tsx';
import { useQuotaLookup } from './use-quota-lookup.ts';
import { useTopUp } from './use-top-up.ts';

/** Mounted only while open, so each opening starts a fresh order and a fresh lookup. */
function QuotaDialogBody({ apiKey }: { apiKey: string | null }) {
  const { t } = useTranslation();
  const config = useStartupConfig().data;
  const lookup = useQuotaLookup(apiKey, true);
  const topUp = useTopUp();
  return (
    <div className="space-y-6 px-6 py-5">
      <QuotaLookupCard lookup={lookup} canLookUp={apiKey !== null} />
      {config?.paymentsEnabled ? (
        <TopUpForm topUp={topUp} offer={config} onRefreshQuota={lookup.refresh} />
      ) : config ? (
        <Banner tone="info" data-testid="top-up-unavailable">
          {t('quota.unavailable')}
        </Banner>
      ) : null}
    </div>
  );
}

/** Quota management, 额度管理 (SPEC points 2, 4 and 5): the key's remaining quota and its top-up. */
export function QuotaDialog() {
  const { t } = useTranslation();
  const open = useAccessDialogs((s) => s.open === 'quota');
  const close = useAccessDialogs((s) => s.close);
  const { apiKey } = useAccess();
  return (
    <Dialog open={open} onOpenChange={(next) => !next && close()}>
      {open ? (
        <DialogContent title={t('quota.title')} description={t('quota.description')} closeLabel={t('common.close')} className="max-w-md" data-testid="quota-dialog">
          <QuotaDialogBody apiKey={apiKey} />
        </DialogContent>
      ) : null}
    </Dialog>
  );
}
