import { PanelLeftClose, PanelLeftOpen } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button.tsx';
import { useNavStore } from '../../state/nav-store.ts';

/** Floats at the top-left of the main area, beside the sidebar edge. */
export function DesktopNavToggle() {
  const { t } = useTranslation();
  const visible = useNavStore((s) => s.visible);
  const toggle = useNavStore((s) => s.toggle);
  const Icon = visible ? PanelLeftClose : PanelLeftOpen;
  return (
    <Button
      variant="ghost"
      size="icon"
      className="absolute left-2 top-2 z-20 text-neutral-500 dark:text-neutral-400"
      aria-label={t(visible ? 'nav.close_sidebar' : 'nav.open_sidebar')}
      aria-expanded={visible}
      onClick={() => toggle(false)}
      data-testid="nav-toggle"
    >
      <Icon aria-hidden className="size-5" />
    </Button>
  );
}
