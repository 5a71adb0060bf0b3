import { continueAction } from './continue-action.ts';
import { copyAction } from './copy-action.ts';
import { editAction } from './edit-action.ts';
import { regenerateAction } from './regenerate-action.ts';
import type { MessageAction, MessageActionContext } from './message-action.ts';

/** Every action of a message's toolbar, in the toolbar's order. A new action is one file and one line here. */
const messageActions: readonly MessageAction[] = [copyAction, editAction, regenerateAction, continueAction];

/** The actions the message offers now. */
export const availableActions = (context: MessageActionContext) => messageActions.filter((action) => action.predicate(context));
