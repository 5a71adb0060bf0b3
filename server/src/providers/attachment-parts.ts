import type { LanguageModelV3Prompt } from '@ai-sdk/provider';
import type { TextMessage } from './prompt.ts';

const dataUrl = (mediaType: string, data: Buffer) => `data:${mediaType};base64,${data.toString('base64')}`;

/**
 * A turn in Chat Completions form: plain text, or (with attachments) a text part followed by
 * `image_url` parts (data URLs) and `file` parts for PDFs.
 */
export function chatCompletionsMessage(message: TextMessage): { role: string; content: unknown } {
  if (!message.attachments?.length) return { role: message.role, content: message.content };
  const parts: unknown[] = [{ type: 'text', text: message.content }];
  for (const file of message.attachments) {
    parts.push(
      file.mediaType.startsWith('image/')
        ? { type: 'image_url', image_url: { url: dataUrl(file.mediaType, file.data) } }
        : { type: 'file', file: { filename: file.filename, file_data: dataUrl(file.mediaType, file.data) } },
    );
  }
  return { role: message.role, content: parts };
}

type PromptMessage = Extract<LanguageModelV3Prompt[number], { role: 'user' | 'assistant' }>;

/**
 * A turn as an AI SDK prompt message. Attachments are file parts: the Anthropic provider sends
 * pictures as `image` blocks and PDFs as `document` blocks, the Google one both as `inlineData`.
 */
export function languageModelMessage(message: TextMessage): PromptMessage {
  const text = { type: 'text' as const, text: message.content };
  if (message.role === 'assistant' || !message.attachments?.length) return { role: message.role, content: [text] };
  const files = message.attachments.map((file) => ({
    type: 'file' as const,
    mediaType: file.mediaType,
    data: new Uint8Array(file.data),
    filename: file.filename,
  }));
  return { role: 'user', content: [...files, text] };
}
