import { useShallow } from 'zustand/react/shallow';
import { useChatStore } from '../../state/chat-store.ts';
import { currentSetupOf, type CurrentSetup } from './current-setup.ts';

export function useCurrentSetup(): CurrentSetup | null {
  const state = useChatStore(useShallow((s) => ({ conversation: s.conversation, setup: s.setup })));
  return currentSetupOf(state);
}
