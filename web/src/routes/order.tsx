import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useStartupConfig } from '../api/use-startup-config.ts';
import { AppLogo } from '../components/ui/app-logo.tsx';
import { useDocumentTitle } from '../components/use-document-title.ts';
import { OrderPage } from '../features/quota/order-page.tsx';

/** `/order/:orderId`: the order page a payment gateway returns to, under the app's mark. */
export function OrderRoute() {
  const { t } = useTranslation();
  const orderId = useParams().orderId ?? '';
  const config = useStartupConfig().data;
  const appTitle = config?.appTitle || t('app.default_title');
  useDocumentTitle(`${t('buy.page_title')} · ${appTitle}`);
  return (
    <div className="flex min-h-dvh flex-col items-center bg-neutral-50 px-4 py-10 dark:bg-neutral-950 sm:py-16">
      <div className="mb-6 flex items-center gap-3">
        <AppLogo className="size-9" />
        <span className="text-base font-semibold tracking-tight text-neutral-800 dark:text-neutral-200">{appTitle}</span>
      </div>
      <main className="flex w-full justify-center">
        <OrderPage key={orderId} orderId={orderId} />
      </main>
    </div>
  );
}
