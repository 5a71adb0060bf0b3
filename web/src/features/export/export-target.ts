/** Ids that name no saved conversation: the unsaved chat and the search view's pseudo-conversation. */
const unsaved = new Set(['new', 'search']);

/** SPEC point 2 (user menu): export needs a conversation id that is present and is neither new nor search. */
export function canExport(conversationId: string | null | undefined): conversationId is string {
  return Boolean(conversationId) && !unsaved.has(conversationId!);
}
