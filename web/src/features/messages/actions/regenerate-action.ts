import { RefreshCw } from 'lucide-react';
import type { MessageAction } from './message-action.ts';

/** Asks the reply's question again, as a sibling reply (SPEC point 4). */
export const regenerateAction: MessageAction = {
  name: 'regenerate',
  testId: 'regenerate-message',
  predicate: ({ message, scope, busy }) => scope.canChange && !message.isCreatedByUser && !busy,
  label: () => 'chat.message.regenerate',
  icon: () => RefreshCw,
  perform: ({ message, scope }) => scope.commands.regenerate(message),
};
