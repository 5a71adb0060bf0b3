import { SquarePen, X } from 'lucide-react';
import { useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button.tsx';
import { cn } from '../../components/ui/cn.ts';
import { PluginStoreNavItem } from '../plugins/plugin-store-nav-item.tsx';
import { SearchBox } from '../search/search-box.tsx';
import { useNavStore } from '../../state/nav-store.ts';
import { useDrawerFocus } from './use-drawer-focus.ts';
import { useNewChat } from './use-new-chat.ts';
import { UserMenu } from './user-menu.tsx';

export interface NavProps {
  isMobile: boolean;
  /** The sidebar body between the new-chat button and the user menu (the conversation list). */
  children?: ReactNode;
}

/**
 * The left sidebar: 260 px in the page on desktop, a 320 px drawer over it on mobile
 * (SPEC point 9) that keeps the keyboard inside it and closes on Escape. Hidden on desktop when
 * the user toggled it away.
 */
export function Nav({ isMobile, children }: NavProps) {
  const { t } = useTranslation();
  const visible = useNavStore((s) => s.visible);
  const drawerOpen = useNavStore((s) => s.drawerOpen);
  const closeDrawer = useNavStore((s) => s.closeDrawer);
  const newChat = useNewChat();
  const panelRef = useRef<HTMLElement>(null);
  const shown = isMobile ? drawerOpen : visible;
  useDrawerFocus(panelRef, isMobile && drawerOpen, closeDrawer);
  if (!shown) return null;

  const panel = (
    <nav
      ref={panelRef}
      tabIndex={-1}
      aria-label={t('nav.sidebar')}
      data-testid="nav"
      className={cn(
        'flex h-full shrink-0 flex-col bg-neutral-50 outline-none dark:bg-neutral-950',
        isMobile ? 'w-[320px] max-w-[85vw] shadow-2xl' : 'w-[260px] border-r border-neutral-200 dark:border-neutral-800',
      )}
    >
      <div className="flex items-center gap-2 p-3">
        <Button variant="ghost" className="flex-1 justify-start gap-2.5 px-3" onClick={newChat} data-testid="nav-new-chat">
          <SquarePen aria-hidden className="size-4" />
          {t('nav.new_chat')}
        </Button>
        {isMobile ? (
          <Button variant="ghost" size="icon" aria-label={t('nav.close_sidebar')} onClick={closeDrawer} data-testid="nav-close">
            <X aria-hidden className="size-5" />
          </Button>
        ) : null}
      </div>
      <PluginStoreNavItem isMobile={isMobile} />
      <SearchBox />
      <div className="min-h-0 flex-1 overflow-y-auto px-2" data-testid="nav-content">
        {children}
      </div>
      <div className="border-t border-neutral-200 p-2 dark:border-neutral-800">
        <UserMenu />
      </div>
    </nav>
  );

  if (!isMobile) return panel;
  return (
    <div className="fixed inset-0 z-40 flex" role="dialog" aria-modal="true" aria-label={t('nav.sidebar')}>
      {panel}
      <button
        type="button"
        // A pointer target only: the close button and Escape serve the keyboard.
        tabIndex={-1}
        aria-label={t('nav.close_sidebar')}
        className="flex-1 cursor-default bg-black/40 backdrop-blur-[1px]"
        onClick={closeDrawer}
        data-testid="nav-backdrop"
      />
    </div>
  );
}
