import { useTranslation } from 'react-i18next';
import { useStartupConfig } from '../../api/config.ts';
import { AppLogo } from '../../components/ui/app-logo.tsx';

/** The empty chat: the app title, centered. */
export function Landing() {
  const { t } = useTranslation();
  const config = useStartupConfig().data;
  return (
    <div className="flex h-full flex-col items-center justify-center gap-5 px-6 text-center" data-testid="landing">
      <AppLogo className="size-14" />
      <h1 className="text-3xl font-semibold tracking-tight text-neutral-900 dark:text-neutral-50">
        {config?.appTitle || t('app.default_title')}
      </h1>
      <p className="max-w-md text-base text-neutral-500 dark:text-neutral-400">{t('chat.landing.subtitle')}</p>
    </div>
  );
}
