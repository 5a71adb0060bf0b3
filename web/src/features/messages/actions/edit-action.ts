import { Pencil } from 'lucide-react';
import type { MessageAction } from './message-action.ts';

/**
 * Bing: an edited question is a new branch, asked on a new upstream conversation that is given the
 * history; a reply cannot be edited, since going on from an edited reply needs a continue Bing lacks.
 * ChatGPT in the browser: an edited question is asked again under the reply before it, where ChatGPT
 * branches too; an edited reply can only be stored (the editor offers no Save & Submit without continue).
 */
const questionsOnly = new Set(['bingAI']);

/** Opens the message's inline editor (SPEC point 4): re-ask, continue from, or only store the new text. */
export const editAction: MessageAction = {
  name: 'edit',
  testId: 'edit-message',
  predicate: ({ message, scope, busy }) =>
    scope.canChange && (message.isCreatedByUser || !questionsOnly.has(scope.endpoint ?? '')) && !busy && !message.error,
  label: () => 'chat.message.edit',
  icon: () => Pencil,
  perform: ({ startEdit }) => startEdit(),
};
