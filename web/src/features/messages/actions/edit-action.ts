import { Pencil } from 'lucide-react';
import type { MessageAction } from './message-action.ts';

/** Endpoints whose conversations live upstream, so past messages cannot be edited. */
const noEdit = new Set(['bingAI', 'chatGPTBrowser']);

/** Opens the message's inline editor (SPEC point 4): re-ask, continue from, or only store the new text. */
export const editAction: MessageAction = {
  name: 'edit',
  testId: 'edit-message',
  predicate: ({ message, scope, busy }) => scope.canChange && !noEdit.has(scope.endpoint ?? '') && !busy && !message.error,
  label: () => 'chat.message.edit',
  icon: () => Pencil,
  perform: ({ startEdit }) => startEdit(),
};
