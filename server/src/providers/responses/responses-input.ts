import { conversationMessages } from '../prompt.ts';
import type { ChatTurn, TurnAttachment } from '../types.ts';

const dataUrl = (file: TurnAttachment) => `data:${file.mediaType};base64,${file.data.toString('base64')}`;

/**
 * A file as a Responses API content part: a picture is an `input_image` holding a data URL, any
 * other file (a PDF) an `input_file` with its base64 data URL and its name, which OpenAI requires
 * for inline files.
 */
function attachmentPart(file: TurnAttachment): Record<string, string> {
  if (file.mediaType.startsWith('image/')) return { type: 'input_image', image_url: dataUrl(file), detail: 'auto' };
  return { type: 'input_file', filename: file.filename, file_data: dataUrl(file) };
}

/**
 * The branch as Responses API input items: each turn a message, its text a plain string, or
 * (a user turn with files) `input_text` followed by one part per file. Assistant turns are text
 * only: their pictures were Parley's own replies, kept as files, not something to read again.
 */
export function responsesInput(turns: readonly ChatTurn[]): { role: string; content: unknown }[] {
  return conversationMessages(turns).map((message) => {
    if (message.role === 'assistant' || !message.attachments?.length) return { role: message.role, content: message.content };
    return { role: message.role, content: [{ type: 'input_text', text: message.content }, ...message.attachments.map(attachmentPart)] };
  });
}
