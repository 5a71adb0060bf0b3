import { Landing } from '../features/nav/landing.tsx';

/** `/chat/:conversationId?` and `/search/:query?`: the chat screen fills the layout's main slot. */
export function ChatRoute() {
  return <Landing />;
}
