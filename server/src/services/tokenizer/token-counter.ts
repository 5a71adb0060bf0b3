import type { Tiktoken } from 'js-tiktoken/lite';

let encoder: Promise<Tiktoken> | undefined;

/** cl100k_base from the ranks bundled with js-tiktoken, loaded on first use (several MB) and kept. */
function cl100k(): Promise<Tiktoken> {
  encoder ??= Promise.all([import('js-tiktoken/lite'), import('js-tiktoken/ranks/cl100k_base')]).then(
    ([{ Tiktoken }, ranks]) => new Tiktoken(ranks.default),
  );
  return encoder;
}

/**
 * Tokens in `text` under cl100k_base. Special-token markers such as `<|endoftext|>` are
 * counted as the plain text a user typed, never refused.
 */
export async function countTokens(text: string): Promise<number> {
  return (await cl100k()).encode(text, [], []).length;
}
