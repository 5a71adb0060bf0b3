import { Blocks } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button.tsx';
import { useEndpointsInfo } from '../../state/use-endpoints-info.ts';
import { useNavStore } from '../../state/nav-store.ts';
import { usePluginStore } from './plugin-store-state.ts';

/** The sidebar's way into the plugin store 插件商店, shown while the plugins endpoint is enabled. */
export function PluginStoreNavItem({ isMobile }: { isMobile: boolean }) {
  const { t } = useTranslation();
  const enabled = useEndpointsInfo().data?.endpoints.includes('gptPlugins') ?? false;
  const openStore = usePluginStore((s) => s.setOpen);
  const closeDrawer = useNavStore((s) => s.closeDrawer);
  if (!enabled) return null;
  const open = () => {
    // On mobile the drawer would cover the store's dialog.
    if (isMobile) closeDrawer();
    openStore(true);
  };
  return (
    <div className="-mt-2 px-3 pb-2">
      <Button variant="ghost" className="w-full justify-start gap-2.5 px-3" onClick={open} data-testid="nav-plugin-store">
        <Blocks aria-hidden className="size-4" />
        {t('plugins.store')}
      </Button>
    </div>
  );
}
