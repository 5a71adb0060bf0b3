import { useParams } from 'react-router';
import { ChatView } from '../features/chat/chat-view.tsx';
import { useOpenConversation } from '../features/chat/use-open-conversation.ts';

/** `/chat/:conversationId?`: the chat screen fills the layout's main slot; `new` is an unsaved conversation. */
export function ChatRoute() {
  const { conversationId = 'new' } = useParams();
  useOpenConversation(conversationId);
  return <ChatView />;
}
