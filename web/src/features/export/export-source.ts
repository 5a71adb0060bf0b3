import { conversationRecordFields, type Conversation, type Message } from '@parley/core';

/** What every exporter writes from. */
export interface ExportSource {
  conversation: Conversation;
  /** The messages to write, oldest first: the branch on screen, or the whole tree. */
  messages: readonly Message[];
  exportedAt: Date;
}

/** Fields that identify the conversation rather than configure its endpoint; the endpoint is one of the header facts. */
const identity: ReadonlySet<string> = new Set([...conversationRecordFields, 'endpoint']);

function isSet(value: unknown): boolean {
  if (value === null || value === undefined || value === '') return false;
  return !Array.isArray(value) || value.length > 0;
}

/** The conversation's endpoint options (model, temperature, promptPrefix, tools…), unset ones left out. */
export function endpointOptions(conversation: Conversation): Record<string, unknown> {
  return Object.fromEntries(Object.entries(conversation).filter(([key, value]) => !identity.has(key) && isSet(value)));
}

/** One option as a line of text: objects and lists as JSON, the rest as written. */
export function optionText(value: unknown): string {
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}

/** The header facts shared by the text and markdown exports, in their order. */
export function conversationFacts({ conversation, exportedAt }: ExportSource): [string, string][] {
  return [
    ['conversationId', conversation.conversationId],
    ['endpoint', conversation.endpoint],
    ['title', conversation.title],
    ['exportAt', exportedAt.toISOString()],
  ];
}

/** Notes for messages whose text is not a normal answer, so a reader of the file is not misled. */
export function messageNotes(message: Message): string[] {
  const notes: string[] = [];
  if (message.error) notes.push('This is an error message');
  if (message.unfinished) notes.push('This is an unfinished message');
  if (message.cancelled) notes.push('This is a cancelled message');
  return notes;
}
