import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { rememberSetup } from '../../state/chat-setup.ts';
import { chat, type ChatSetup } from '../../state/chat-store.ts';

/**
 * Opens /chat/new on a given setup (an endpoint from the new-conversation menu, or a preset) and
 * records it as the last used one (SPEC point 3, lastConversationSetup and lastSelectedModel).
 */
export function useStartNewChat(): (setup: ChatSetup) => void {
  const navigate = useNavigate();
  return useCallback(
    (setup: ChatSetup) => {
      rememberSetup({ endpoint: setup.endpoint, model: setup.model });
      chat.setSetup(setup);
      navigate('/chat/new');
    },
    [navigate],
  );
}
