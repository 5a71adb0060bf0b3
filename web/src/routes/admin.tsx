import type { AdminActor } from '@parley/core';
import { ArrowLeft, LogOut, ShieldCheck } from 'lucide-react';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink, Navigate, Route, Routes } from 'react-router';
import { ConsoleActorContext } from '../components/console/console-actor.ts';
import { cn } from '../components/ui/cn.ts';
import { FullPageSpinner } from '../components/ui/full-page-spinner.tsx';
import { Spinner } from '../components/ui/spinner.tsx';
import { useDocumentTitle } from '../components/use-document-title.ts';
import { useForgetAdminSession } from '../features/admin-access/admin-session.ts';
import { operatorSignOut } from '../features/admin-access/operator-api.ts';
import { consoleSections } from './admin-sections.tsx';

const sectionLink = ({ isActive }: { isActive: boolean }) =>
  cn(
    'flex shrink-0 items-center gap-2.5 rounded-xl px-3 py-2 text-sm font-medium transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-emerald-500/60',
    isActive
      ? 'bg-emerald-50 text-emerald-800 dark:bg-emerald-500/15 dark:text-emerald-300'
      : 'text-neutral-700 hover:bg-neutral-100 dark:text-neutral-300 dark:hover:bg-neutral-800',
  );

/**
 * The operator console (`/admin/*`), loaded only for an admin: the section menu (a sidebar on a
 * wide screen, a scrolling strip on a phone) and the open section.
 */
export function AdminConsole({ actor }: { actor: AdminActor }) {
  const namespaces = ['admin', ...consoleSections.flatMap((s) => (s.namespace ? [s.namespace] : [])), 'translation'];
  const { t, ready } = useTranslation(namespaces);
  const forget = useForgetAdminSession();
  useDocumentTitle(ready ? t('admin:title') : '');
  if (!ready) return <FullPageSpinner label={t('common.loading')} />;

  const signOut = () => void operatorSignOut().finally(forget);
  const who = actor.kind === 'account' ? actor.email : t('admin:operator');

  const menu = (testIdPrefix: string) => consoleSections.map((section) => (
    <NavLink key={section.path} to={section.path ? `/admin/${section.path}` : '/admin'} end className={sectionLink} data-testid={`${testIdPrefix}-${section.path || 'overview'}`}>
      <section.icon aria-hidden className="size-4 shrink-0" />
      {t(section.labelKey)}
    </NavLink>
  ));

  return (
    <div className="flex h-dvh w-full flex-col bg-neutral-50 md:flex-row dark:bg-neutral-950" data-testid="admin-console">
      <aside className="hidden w-60 shrink-0 flex-col border-r border-neutral-200 bg-white px-3 py-4 md:flex dark:border-neutral-800 dark:bg-neutral-900">
        <div className="mb-5 flex items-center gap-2 px-2">
          <ShieldCheck aria-hidden className="size-5 text-emerald-600 dark:text-emerald-400" />
          <span className="font-semibold text-neutral-900 dark:text-neutral-50">{t('admin:title')}</span>
        </div>
        <nav aria-label={t('admin:sections_label')} className="flex flex-col gap-1">
          {menu('console-nav')}
        </nav>
        <div className="mt-auto space-y-1 border-t border-neutral-200 pt-3 dark:border-neutral-800">
          <p className="truncate px-3 pb-1 text-xs text-neutral-500 dark:text-neutral-400" data-testid="console-actor">
            {who}
          </p>
          <NavLink to="/chat/new" className={sectionLink({ isActive: false })}>
            <ArrowLeft aria-hidden className="size-4" />
            {t('admin:back_to_chat')}
          </NavLink>
          {actor.kind === 'operator' ? (
            <button type="button" onClick={signOut} className={cn(sectionLink({ isActive: false }), 'w-full cursor-pointer')} data-testid="operator-sign-out">
              <LogOut aria-hidden className="size-4" />
              {t('admin:sign_out')}
            </button>
          ) : null}
        </div>
      </aside>

      <header className="border-b border-neutral-200 bg-white md:hidden dark:border-neutral-800 dark:bg-neutral-900">
        <div className="flex items-center justify-between gap-2 px-4 pt-3">
          <span className="flex items-center gap-2 font-semibold text-neutral-900 dark:text-neutral-50">
            <ShieldCheck aria-hidden className="size-5 text-emerald-600 dark:text-emerald-400" />
            {t('admin:title')}
          </span>
          <span className="flex items-center gap-1">
            <NavLink to="/chat/new" aria-label={t('admin:back_to_chat')} className="rounded-lg p-2 text-neutral-600 hover:bg-neutral-100 dark:text-neutral-300 dark:hover:bg-neutral-800">
              <ArrowLeft aria-hidden className="size-5" />
            </NavLink>
            {actor.kind === 'operator' ? (
              <button type="button" onClick={signOut} aria-label={t('admin:sign_out')} className="cursor-pointer rounded-lg p-2 text-neutral-600 hover:bg-neutral-100 dark:text-neutral-300 dark:hover:bg-neutral-800">
                <LogOut aria-hidden className="size-5" />
              </button>
            ) : null}
          </span>
        </div>
        <nav aria-label={t('admin:sections_label')} className="flex gap-1 overflow-x-auto px-3 py-2 [scrollbar-width:none]">
          {menu('console-tab')}
        </nav>
      </header>

      <main className="min-h-0 min-w-0 flex-1 overflow-y-auto">
        <ConsoleActorContext value={actor}>
        <Suspense
          fallback={
            <div className="flex justify-center p-10">
              <Spinner label={t('common.loading')} />
            </div>
          }
        >
          <Routes>
            {consoleSections.map((section) =>
              section.path ? <Route key={section.path} path={section.path} element={<section.Page />} /> : <Route key="index" index element={<section.Page />} />,
            )}
            {consoleSections.some((section) => !section.path) ? null : <Route index element={<Navigate to={`/admin/${consoleSections[0]!.path}`} replace />} />}
            <Route path="*" element={<Navigate to="/admin" replace />} />
          </Routes>
        </Suspense>
        </ConsoleActorContext>
      </main>
    </div>
  );
}
