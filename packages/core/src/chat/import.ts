import { z } from 'zod';

/** What an import of a ChatGPT data export or LibreChat's JSON export brought in, and what it left out. */
export const importSummarySchema = z.object({
  format: z.enum(['chatgpt', 'librechat']),
  conversations: z.number().int(),
  messages: z.number().int(),
  /** Conversations left out: no message that could be read, a cycle, or past the limits. */
  skippedConversations: z.number().int(),
  /** Messages left out: system and tool messages, empty ones, ones past the limits. */
  skippedMessages: z.number().int(),
  /** Parts of kept messages left out: pictures, files, code results and other non-text parts. */
  skippedParts: z.number().int(),
});
export type ImportSummary = z.infer<typeof importSummarySchema>;
