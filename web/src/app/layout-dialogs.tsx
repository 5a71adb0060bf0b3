import { lazy, Suspense, useState } from 'react';
import { useAccessDialogs } from '../features/access/access-dialogs-store.ts';
import { useAccess } from '../state/use-access.ts';
import { welcomeSeen } from '../features/access/welcome-seen.ts';
import { ExportDialogHost } from '../features/export/export-dialog-host.tsx';
import { usePluginStore } from '../features/plugins/plugin-store-state.ts';
import { useSettingsDialog } from '../features/settings/settings-store.ts';
import { useShareDialog } from '../features/share/share-dialog-store.ts';

const SettingsDialog = lazy(() => import('../features/settings/settings-dialog.tsx').then((m) => ({ default: m.SettingsDialog })));
const WelcomeModal = lazy(() => import('../features/access/welcome-modal.tsx').then((m) => ({ default: m.WelcomeModal })));
const ApiKeyDialog = lazy(() => import('../features/access/api-key-dialog.tsx').then((m) => ({ default: m.ApiKeyDialog })));
const PluginStoreDialog = lazy(() => import('../features/plugins/plugin-store-dialog.tsx').then((m) => ({ default: m.PluginStoreDialog })));
const ShareDialog = lazy(() => import('../features/share/share-dialog.tsx').then((m) => ({ default: m.ShareDialog })));
const ForgetKeyDialog = lazy(() => import('../features/access/forget-key-dialog.tsx').then((m) => ({ default: m.ForgetKeyDialog })));
const QuotaDialog = lazy(() => import('../features/quota/quota-dialog.tsx').then((m) => ({ default: m.QuotaDialog })));

/**
 * The chat layout's dialogs, on every signed-in screen (the plugin store opens from the sidebar
 * and from the options bar's selector). Each is fetched the first time it opens, so the chat page's first
 * load (bench/bundle-size.ts: ≤ 250 KB gzip) carries none of their forms, tabs and selects.
 */
export function LayoutDialogs() {
  const settingsOpen = useSettingsDialog((s) => s.open);
  const accessDialog = useAccessDialogs((s) => s.open);
  const pluginStoreOpen = usePluginStore((s) => s.open);
  const sharing = useShareDialog((s) => s.conversation !== null);
  const { freeVisitor } = useAccess();
  const [greet] = useState(() => !welcomeSeen());
  return (
    <Suspense fallback={null}>
      {settingsOpen ? <SettingsDialog /> : null}
      <ExportDialogHost />
      {greet && freeVisitor ? <WelcomeModal /> : null}
      {accessDialog === 'key' ? <ApiKeyDialog /> : null}
      {accessDialog === 'quota' || accessDialog === 'buy' ? <QuotaDialog /> : null}
      {accessDialog === 'forget' ? <ForgetKeyDialog /> : null}
      {pluginStoreOpen ? <PluginStoreDialog /> : null}
      {sharing ? <ShareDialog /> : null}
    </Suspense>
  );
}
