import { resolveEndpoint, supportsContinue } from '@parley/core';
import { FastForward } from 'lucide-react';
import type { MessageAction } from './message-action.ts';

/** Lets the model go on from the last reply where it stopped short, on endpoints that can. */
export const continueAction: MessageAction = {
  name: 'continue',
  testId: 'continue-button',
  predicate: ({ message, scope, isLast, busy }) => {
    const endpoint = scope.endpoint ? resolveEndpoint(scope.endpoint) : undefined;
    return isLast && !busy && Boolean(endpoint && supportsContinue(endpoint)) && !message.isCreatedByUser && !message.error && message.finish_reason !== 'stop';
  },
  label: () => 'chat.message.continue',
  icon: () => FastForward,
  perform: ({ message, scope }) => scope.commands.continueReply(message),
};
