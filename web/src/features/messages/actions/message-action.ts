import type { Message } from '@parley/core';
import type { LucideIcon } from 'lucide-react';

/** What the chat screen does for a message's actions (implemented by features/chat's commands). */
export interface MessageCommands {
  regenerate(reply: Message): void;
  continueReply(reply: Message): void;
  /** User message: re-ask as a sibling branch under the same parent. */
  editAndSubmit(message: Message, text: string): void;
  /** Reply: keep the edited text and let the model go on from it. */
  editReplyAndSubmit(reply: Message, text: string): void;
  /** Either role: store the new text only. */
  saveEdit(message: Message, text: string): Promise<void>;
  /** Puts a text (a suggested follow-up) into the input, to edit or send. */
  fillInput(text: string): void;
}

/** The thread's part of every row's actions: the same object for all rows of one render. */
export interface MessageActionScope {
  /** The open conversation's endpoint (or the chosen one in a new chat). */
  endpoint: string | null;
  /** SPEC point 4: edit and regenerate appear only with a stored key where keys exist (or an account). */
  canChange: boolean;
  submitting: boolean;
  commands: MessageCommands;
}

/** Everything an action reads to decide whether it shows, and to perform. */
export interface MessageActionContext {
  message: Message;
  scope: MessageActionScope;
  isLast: boolean;
  /** A reply is being sent or this message streams: nothing may change it now. */
  busy: boolean;
  /** The copy action's feedback: the text was copied a moment ago. */
  copied: boolean;
  copy(text: string): void;
  startEdit(): void;
}

/** One action of a message's toolbar, declared once: when it shows, how it reads, what it does. */
export interface MessageAction {
  name: string;
  testId: string;
  predicate(context: MessageActionContext): boolean;
  /** An i18n key. */
  label(context: MessageActionContext): string;
  icon(context: MessageActionContext): LucideIcon;
  iconClassName?(context: MessageActionContext): string | undefined;
  perform(context: MessageActionContext): void;
}
