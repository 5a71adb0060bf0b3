import { continueAction } from './continue-action.ts';
import { copyAction } from './copy-action.ts';
import { editAction } from './edit-action.ts';
import { regenerateAction } from './regenerate-action.ts';
import type { Message } from '@parley/core';
import type { MessageAction, MessageActionContext, MessageActionScope } from './message-action.ts';

/** Every action of a message's toolbar, in the toolbar's order. A new action is one file and one line here. */
const messageActions: readonly MessageAction[] = [copyAction, editAction, regenerateAction, continueAction];

/** The actions the message offers now. */
export const availableActions = (context: MessageActionContext) => messageActions.filter((action) => action.predicate(context));

/**
 * One action as a control away from the toolbar offers it (the options bar's Regenerate, on the
 * last message): the registry's predicate, label, icon and perform, or null when it does not
 * apply. Nothing is copied or edited there.
 */
export function actionOutsideToolbar(action: MessageAction, message: Message, scope: MessageActionScope) {
  const context: MessageActionContext = { message, scope, isLast: true, busy: scope.submitting, copied: false, copy: () => undefined, startEdit: () => undefined };
  if (!action.predicate(context)) return null;
  return { testId: action.testId, label: action.label(context), Icon: action.icon(context), perform: () => action.perform(context) };
}

export type OutsideAction = NonNullable<ReturnType<typeof actionOutsideToolbar>>;
