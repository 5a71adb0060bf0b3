import { z } from 'zod';

/**
 * The body of an error-flagged message's `text`: a JSON string with a `type` (or `code`)
 * naming a stable error id, plus details (`limit` for concurrent, `balance` for token_balance).
 */
export const chatErrorSchema = z.looseObject({
  type: z.string().optional(),
  code: z.string().optional(),
  message: z.string().optional(),
});
export type ChatError = z.infer<typeof chatErrorSchema>;

export function chatErrorText(type: string, details: Record<string, unknown> = {}): string {
  return JSON.stringify({ type, ...details });
}

/** The error id of an error message's text, or null when the text is not one of ours. */
export function parseChatErrorText(text: string): (ChatError & { kind: string }) | null {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return null;
  }
  const parsed = chatErrorSchema.safeParse(raw);
  if (!parsed.success) return null;
  const kind = parsed.data.type ?? parsed.data.code;
  return kind ? { ...parsed.data, kind } : null;
}

/** Errors not in our catalogue are shown raw, cut to this length (SPEC point 8). */
export const CHAT_ERROR_DISPLAY_MAX = 512;
