import { generateImage, type ImageModel } from 'ai';
import { toProviderError } from './provider-error.ts';
import type { ChatEvent } from './types.ts';

/**
 * Answers a chat turn with a picture: the images API is not streamed, so the reply is one
 * image event (a data URL) followed by `finish`.
 */
export async function* streamImage(model: ImageModel, prompt: string, signal: AbortSignal): AsyncIterable<ChatEvent> {
  try {
    const { images } = await generateImage({ model, prompt, n: 1, maxRetries: 0, abortSignal: signal });
    for (const image of images) yield { type: 'image', url: `data:${image.mediaType};base64,${image.base64}` };
    yield { type: 'finish', reason: 'stop' };
  } catch (error) {
    if (signal.aborted) return;
    throw toProviderError(error);
  }
}
