import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { useNavStore } from '../../state/nav-store.ts';

/** The new-chat action of the sidebar and the mobile top bar: open /chat/new, close the drawer. */
export function useNewChat(): () => void {
  const navigate = useNavigate();
  const closeDrawer = useNavStore((s) => s.closeDrawer);
  return useCallback(() => {
    closeDrawer();
    navigate('/chat/new');
  }, [closeDrawer, navigate]);
}
