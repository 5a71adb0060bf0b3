import { conversationFacts, endpointOptions, messageNotes, optionText, type ExportSource } from './export-source.ts';

const rule = '########################';

/** The plain-text export: a header, the options when asked for, then `>> sender:` and the text per message. */
export function exportText(source: ExportSource, includeOptions: boolean): string {
  const parts: string[] = [`Conversation\n${rule}\n${conversationFacts(source).map(([k, v]) => `${k}: ${v}`).join('\n')}\n`];
  if (includeOptions) {
    const options = Object.entries(endpointOptions(source.conversation)).map(([k, v]) => `${k}: ${optionText(v)}`);
    parts.push(`Options\n${rule}\n${options.join('\n')}\n`);
  }
  const history = source.messages.map((message) => {
    const notes = messageNotes(message).map((note) => `(${note})\n`).join('');
    return `>> ${message.sender}:\n${notes}${message.text}\n`;
  });
  parts.push(`History\n${rule}\n${history.join('\n')}`);
  return parts.join('\n');
}

/** The markdown export: the same content as headings, a list of facts and a bold sender per message. */
export function exportMarkdown(source: ExportSource, includeOptions: boolean): string {
  const parts: string[] = [`# Conversation\n${conversationFacts(source).map(([k, v]) => `- ${k}: ${v}`).join('\n')}\n`];
  if (includeOptions) {
    const options = Object.entries(endpointOptions(source.conversation)).map(([k, v]) => `- ${k}: ${optionText(v)}`);
    parts.push(`## Options\n${options.join('\n')}\n`);
  }
  const history = source.messages.map((message) => {
    const notes = messageNotes(message).map((note) => `*(${note})*\n`).join('');
    return `**${message.sender}:**\n${notes}${message.text}\n`;
  });
  parts.push(`## History\n${history.join('\n')}`);
  return parts.join('\n');
}
