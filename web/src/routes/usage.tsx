import { MyUsagePage } from '../features/my-usage/my-usage-page.tsx';
import { useLeaveConversation } from '../state/use-leave-conversation.ts';

/** `/usage`: the caller's own usage (an account's, or the key's), beside the sidebar like search. */
export function UsageRoute() {
  useLeaveConversation();
  return <MyUsagePage />;
}
