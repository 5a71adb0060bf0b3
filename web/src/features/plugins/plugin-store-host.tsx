import { PluginStoreDialog } from './plugin-store-dialog.tsx';
import { usePluginStore } from './plugin-store-state.ts';

/** The plugin store on every signed-in screen: the sidebar and the options bar's selector both open it. */
export function PluginStoreHost() {
  const open = usePluginStore((s) => s.open);
  return open ? <PluginStoreDialog /> : null;
}
