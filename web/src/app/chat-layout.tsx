import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { LayoutDialogs } from './layout-dialogs.tsx';
import { SkipLink } from './skip-link.tsx';
import { useDocumentTitle } from '../components/use-document-title.ts';
import { ConversationSidebar } from '../features/conversations/conversation-sidebar.tsx';
import { useChatTitleStore } from '../state/chat-title.ts';
import { DesktopNavToggle } from '../features/nav/desktop-nav-toggle.tsx';
import { MobileTopBar } from '../features/nav/mobile-top-bar.tsx';
import { Nav } from '../features/nav/nav.tsx';
import { useIsMobile } from '../features/nav/use-is-mobile.ts';

export interface ChatLayoutProps {
  /** Slot: the sidebar body; the conversation list (with its paginator) unless another is given. */
  sidebar?: ReactNode;
}

/**
 * The signed-in frame: sidebar on the left, the routed screen (<Outlet/>) on the right. On
 * desktop the sidebar toggle floats at the main area's top-left corner, so screens keep a
 * ~3 rem gutter there.
 */
export function ChatLayout({ sidebar }: ChatLayoutProps) {
  const { t } = useTranslation();
  const isMobile = useIsMobile();
  const title = useChatTitleStore((s) => s.title) ?? t('nav.new_chat');
  useDocumentTitle(title);

  return (
    <div className="flex h-dvh w-full overflow-hidden bg-white dark:bg-neutral-900">
      <SkipLink />
      <Nav isMobile={isMobile}>{sidebar ?? <ConversationSidebar />}</Nav>
      <div className="relative flex min-w-0 flex-1 flex-col">
        {isMobile ? <MobileTopBar title={title} /> : <DesktopNavToggle />}
        <main tabIndex={-1} className="relative min-h-0 flex-1 overflow-hidden focus:outline-none">
          <Outlet />
        </main>
      </div>
      <LayoutDialogs />
    </div>
  );
}
