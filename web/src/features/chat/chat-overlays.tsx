import { Suspense } from 'react';
import { usePresetDialogs } from '../../state/preset-dialogs-store.ts';
import { useKeyDialog } from '../keys/key-dialog-store.ts';
import { lazyExtra } from './load-chat-extras.ts';

const KeyDialog = lazyExtra('KeyDialog');
const PresetDialogs = lazyExtra('PresetDialogs');

/** The chat screen's dialogs for keys and presets, each fetched the first time it opens. */
export function ChatOverlays() {
  const keyOpen = useKeyDialog((s) => s.endpoint !== null);
  const presetOpen = usePresetDialogs((s) => s.dialog !== null);
  return (
    <Suspense fallback={null}>
      {keyOpen ? <KeyDialog /> : null}
      {presetOpen ? <PresetDialogs /> : null}
    </Suspense>
  );
}
