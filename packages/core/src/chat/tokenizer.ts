import { z } from 'zod';

/** Bing's context is about 7k tokens; this bound keeps one request's work small while allowing far more. */
export const TOKENIZER_MAX_CHARS = 200_000;

/** `POST /api/tokenizer`: the text whose tokens are counted. */
export const tokenizerRequestSchema = z.object({
  arg: z.string({ error: 'validation.tokenizer.arg' }).max(TOKENIZER_MAX_CHARS, 'validation.tokenizer.max'),
});
export type TokenizerRequest = z.infer<typeof tokenizerRequestSchema>;

export const tokenCountSchema = z.object({ count: z.number().int().min(0) });
export type TokenCount = z.infer<typeof tokenCountSchema>;
