import { Menu, SquarePen } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useStartupConfig } from '../../api/use-startup-config.ts';
import { Button } from '../../components/ui/button.tsx';
import { useAccessDialogs } from '../access/access-dialogs-store.ts';
import { BalanceChip } from '../balance/balance-chip.tsx';
import { useNavStore } from '../../state/nav-store.ts';
import { useNewChat } from './use-new-chat.ts';

/** Phones only: sidebar toggle, the conversation title, the quota or free calls left, and a new-chat button (SPEC point 2). */
export function MobileTopBar({ title }: { title: string }) {
  const { t } = useTranslation();
  const toggle = useNavStore((s) => s.toggle);
  const newChat = useNewChat();
  const showAccessDialog = useAccessDialogs((s) => s.show);
  const paymentsEnabled = useStartupConfig().data?.paymentsEnabled === true;
  return (
    <header className="flex h-12 shrink-0 items-center gap-2 border-b border-neutral-200 bg-white px-2 dark:border-neutral-800 dark:bg-neutral-900">
      <Button variant="ghost" size="icon" aria-label={t('nav.open_sidebar')} onClick={() => toggle(true)} data-testid="nav-toggle">
        <Menu aria-hidden className="size-5" />
      </Button>
      <h1 className="min-w-0 flex-1 truncate text-center text-sm font-medium" data-testid="mobile-title">
        {title}
      </h1>
      <BalanceChip onOpen={(unit) => showAccessDialog(unit === 'free_calls' ? (paymentsEnabled ? 'buy' : 'key') : 'quota')} />
      <Button variant="ghost" size="icon" aria-label={t('nav.new_chat')} onClick={newChat} data-testid="mobile-new-chat">
        <SquarePen aria-hidden className="size-5" />
      </Button>
    </header>
  );
}
