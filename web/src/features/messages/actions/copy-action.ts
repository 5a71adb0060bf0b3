import { Check, Copy } from 'lucide-react';
import type { MessageAction } from './message-action.ts';

/** Copies the message's text (SPEC point 9); the icon shows it was copied for a moment. */
export const copyAction: MessageAction = {
  name: 'copy',
  testId: 'copy-message',
  predicate: ({ message }) => !message.error,
  label: ({ copied }) => (copied ? 'chat.message.copied' : 'chat.message.copy'),
  icon: ({ copied }) => (copied ? Check : Copy),
  iconClassName: ({ copied }) => (copied ? 'text-emerald-600' : undefined),
  perform: ({ message, copy }) => copy(message.text),
};
