import { z } from 'zod';
import { conversationSchema } from '../chat/conversation.ts';
import { messageSchema } from '../chat/message.ts';

export const SEARCH_QUERY_MAX_LENGTH = 200;
/** Matching messages per page of `GET /api/search`. */
export const SEARCH_PAGE_SIZE = 25;

/** `GET /api/search?q=&pageNumber=`. */
export const searchQuerySchema = z.object({
  q: z
    .string({ error: 'validation.search.required' })
    .trim()
    .min(1, 'validation.search.required')
    .max(SEARCH_QUERY_MAX_LENGTH, 'validation.search.max'),
  pageNumber: z.coerce.number().int().min(1).max(10_000).default(1),
});
export type SearchQuery = z.infer<typeof searchQuerySchema>;

/** A matching message, flagged as a search result and carrying its conversation's title. */
export const searchMessageSchema = messageSchema.extend({ title: z.string(), searchResult: z.literal(true) });
export type SearchMessage = z.infer<typeof searchMessageSchema>;

/**
 * The answer of `GET /api/search`: one page of matching messages, newest first, and the
 * conversations they belong to (each once, in the order their first match appears).
 */
export const searchResultSchema = z.object({
  conversations: z.array(conversationSchema),
  messages: z.array(searchMessageSchema),
  pages: z.number().int(),
  pageNumber: z.number().int(),
});
export type SearchResult = z.infer<typeof searchResultSchema>;

/** `GET /api/search/enable`. */
export const searchEnabledSchema = z.boolean();
