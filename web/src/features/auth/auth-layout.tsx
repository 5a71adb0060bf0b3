import { Outlet } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useStartupConfig } from '../../api/use-startup-config.ts';
import { useDocumentTitle } from '../../components/use-document-title.ts';
import { AppLogo } from '../../components/ui/app-logo.tsx';

/** The frame of the four account screens: logo and app title above a centered card. */
export function AuthLayout() {
  const { t } = useTranslation();
  const config = useStartupConfig().data;
  const appTitle = config?.appTitle || t('app.default_title');
  useDocumentTitle(appTitle);

  return (
    <div className="flex min-h-dvh flex-col bg-neutral-50 dark:bg-neutral-900">
      <main className="flex flex-1 flex-col items-center justify-center px-4 py-10 sm:py-16">
        <div className="mb-8 flex flex-col items-center gap-3">
          <AppLogo />
          <span className="text-base font-semibold tracking-tight text-neutral-800 dark:text-neutral-200" data-testid="app-title">
            {appTitle}
          </span>
        </div>
        <Outlet />
      </main>
      <footer className="pb-6 text-center text-xs text-neutral-500 dark:text-neutral-400">
        {t('app.footer', { version: config?.version ?? '' })}
      </footer>
    </div>
  );
}
