import { lazy, Suspense } from 'react';
import { usePresetDialogs } from '../presets/preset-dialogs-store.ts';
import { useKeyDialog } from '../keys/key-dialog-store.ts';
import { usePluginStore } from '../plugins/plugin-store-state.ts';

import { lazyExtra } from './load-chat-extras.ts';

const KeyDialog = lazyExtra('KeyDialog');
const PresetDialogs = lazyExtra('PresetDialogs');
const PluginStoreDialog = lazy(() => import('../plugins/plugin-store-dialog.tsx').then((m) => ({ default: m.PluginStoreDialog })));

/** The chat screen's dialogs for keys, presets and the plugin store, each fetched the first time it opens. */
export function ChatOverlays() {
  const keyOpen = useKeyDialog((s) => s.endpoint !== null);
  const presetOpen = usePresetDialogs((s) => s.dialog !== null);
  const storeOpen = usePluginStore((s) => s.open);
  return (
    <Suspense fallback={null}>
      {keyOpen ? <KeyDialog /> : null}
      {presetOpen ? <PresetDialogs /> : null}
      {storeOpen ? <PluginStoreDialog /> : null}
    </Suspense>
  );
}
