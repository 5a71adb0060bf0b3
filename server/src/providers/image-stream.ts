import { generateImage, type ImageModel } from 'ai';
import { toProviderError } from './provider-error.ts';
import type { ChatEvent, TurnAttachment } from './types.ts';

/**
 * Answers a chat turn with a picture: the images API is not streamed, so the reply is one
 * image event (a data URL, kept as a file by the exchange) followed by `finish`. With a picture
 * attached to the turn, the model edits it (the images edits API) instead of drawing anew.
 */
export async function* streamImage(model: ImageModel, text: string, signal: AbortSignal, edit: TurnAttachment[] = []): AsyncIterable<ChatEvent> {
  const pictures = edit.filter((file) => file.mediaType.startsWith('image/'));
  const prompt = pictures.length > 0 ? { text, images: pictures.map((file) => new Uint8Array(file.data)) } : text;
  try {
    const { images, responses } = await generateImage({ model, prompt, n: 1, maxRetries: 0, abortSignal: signal });
    const answered = responses[0]?.modelId;
    if (answered) yield { type: 'model', id: answered };
    for (const image of images) yield { type: 'image', url: `data:${image.mediaType};base64,${image.base64}` };
    yield { type: 'finish', reason: 'stop' };
  } catch (error) {
    if (signal.aborted) return;
    throw toProviderError(error);
  }
}
