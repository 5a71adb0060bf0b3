import type { AnthropicBlockInput, AnthropicMessagesRequest } from '@parley/core';
import type { CanonicalMessage, CanonicalPart, CanonicalRequest, CanonicalTool, CanonicalToolCall, CanonicalToolChoice } from '../canonical.ts';
import { untranslatable } from '../untranslatable.ts';
import { unknownField } from './to-anthropic-request.ts';

/** The model the request is translated for, as the 400s name it. */
const target = 'a non-Claude model';

/** The Messages fields this translation reads; any other field that carries a value is a 400. */
const understood = new Set([
  'model', 'max_tokens', 'messages', 'system', 'stream', 'temperature', 'top_p', 'stop_sequences', 'tools', 'tool_choice', 'thinking', 'output_config', 'metadata',
  // A caching hint and a tier change nothing in the answer.
  'cache_control', 'service_tier',
]);

function mediaPart(block: AnthropicBlockInput, param: string): CanonicalPart {
  const source = block.source;
  if (!source) throw untranslatable(`${param}.source`, target);
  if (block.type === 'image') {
    if (source.type === 'base64') return { type: 'image_url', image_url: { url: `data:${source.media_type};base64,${source.data}` } };
    if (source.type === 'url' && source.url) return { type: 'image_url', image_url: { url: source.url } };
    throw untranslatable(`${param}.source.type '${source.type}'`, target);
  }
  if (source.type === 'base64') {
    return { type: 'file', file: { filename: block.title ?? 'document.pdf', file_data: `data:${source.media_type};base64,${source.data}` } };
  }
  // A plain-text document is text the model reads, under its title.
  if (source.type === 'text') return { type: 'text', text: block.title ? `${block.title}\n\n${source.data ?? ''}` : (source.data ?? '') };
  throw untranslatable(`${param}.source.type '${source.type}'`, target);
}

function userPart(block: AnthropicBlockInput, param: string): CanonicalPart {
  if (block.type === 'text') return { type: 'text', text: block.text ?? '' };
  if (block.type === 'image' || block.type === 'document') return mediaPart(block, param);
  throw untranslatable(`${param}.type '${block.type}'`, target);
}

/**
 * A `tool_result` as a tool message; pictures in it cannot ride in a tool message, so they come
 * back to be sent in a user message right after the results.
 */
function toolResult(block: AnthropicBlockInput, param: string): { message: CanonicalMessage; media: CanonicalPart[] } {
  const blocks = typeof block.content === 'string' ? [{ type: 'text', text: block.content }] : ((block.content ?? []) as AnthropicBlockInput[]);
  const texts: string[] = [];
  const media: CanonicalPart[] = [];
  for (const [i, inner] of blocks.entries()) {
    const part = userPart(inner, `${param}.content.${i}`);
    if (part.type === 'text') texts.push(String(part.text));
    else media.push(part);
  }
  const text = texts.join('\n');
  return { message: { role: 'tool', tool_call_id: block.tool_use_id ?? '', content: block.is_error ? `Error: ${text}` : text }, media };
}

function userMessages(content: AnthropicMessagesRequest['messages'][number]['content'], param: string): CanonicalMessage[] {
  if (typeof content === 'string') return [{ role: 'user', content }];
  const out: CanonicalMessage[] = [];
  const parts: CanonicalPart[] = [];
  for (const [i, block] of content.entries()) {
    if (block.type === 'tool_result') {
      const { message, media } = toolResult(block, `${param}.${i}`);
      out.push(message);
      parts.push(...media);
    } else {
      parts.push(userPart(block, `${param}.${i}`));
    }
  }
  if (parts.length > 0) out.push({ role: 'user', content: parts });
  return out;
}

function assistantMessage(content: AnthropicMessagesRequest['messages'][number]['content'], param: string): CanonicalMessage {
  if (typeof content === 'string') return { role: 'assistant', content };
  let text = '';
  let reasoning = '';
  const calls: CanonicalToolCall[] = [];
  for (const [i, block] of content.entries()) {
    if (block.type === 'text') text += block.text ?? '';
    else if (block.type === 'thinking') reasoning += block.thinking ?? '';
    // Encrypted thinking only Anthropic can read; it never reached the caller as text either.
    else if (block.type === 'redacted_thinking') continue;
    else if (block.type === 'tool_use') calls.push({ id: block.id ?? '', type: 'function', function: { name: block.name ?? '', arguments: JSON.stringify(block.input ?? {}) } });
    else throw untranslatable(`${param}.${i}.type '${block.type}'`, target);
  }
  return { role: 'assistant', content: text === '' && calls.length > 0 ? null : text, ...(reasoning ? { reasoning_content: reasoning } : {}), ...(calls.length > 0 ? { tool_calls: calls } : {}) };
}

function systemMessage(system: AnthropicMessagesRequest['system']): CanonicalMessage[] {
  if (system === undefined) return [];
  if (typeof system === 'string') return system === '' ? [] : [{ role: 'system', content: system }];
  const text = system
    .map((block, i) => {
      if (block.type !== 'text') throw untranslatable(`system.${i}.type '${block.type}'`, target);
      return block.text ?? '';
    })
    .join('\n\n');
  return text === '' ? [] : [{ role: 'system', content: text }];
}

function toolOf(tool: NonNullable<AnthropicMessagesRequest['tools']>[number], i: number): CanonicalTool {
  if (tool.type !== undefined && tool.type !== 'custom') throw untranslatable(`tools.${i}.type '${tool.type}'`, target, 'server tools run on Anthropic only');
  return {
    type: 'function',
    function: { name: tool.name, ...(tool.description ? { description: tool.description } : {}), parameters: tool.input_schema ?? { type: 'object', properties: {} }, ...(tool.strict ? { strict: true } : {}) },
  };
}

function toolChoiceOf(choice: AnthropicMessagesRequest['tool_choice']): { tool_choice?: CanonicalToolChoice; parallel_tool_calls?: boolean } {
  if (!choice) return {};
  const parallel = choice.disable_parallel_tool_use ? { parallel_tool_calls: false } : {};
  if (choice.type === 'none') return { tool_choice: 'none' };
  if (choice.type === 'any') return { tool_choice: 'required', ...parallel };
  if (choice.type === 'tool') return { tool_choice: { type: 'function', function: { name: choice.name ?? '' } }, ...parallel };
  return { tool_choice: 'auto', ...parallel };
}

/** Thinking asked of a model that takes a reasoning effort: a budget's size, or the adaptive effort. */
function effortOf(request: AnthropicMessagesRequest): CanonicalRequest['reasoning_effort'] {
  const effort = request.output_config?.effort;
  if (effort) return effort === 'max' ? 'xhigh' : (effort as CanonicalRequest['reasoning_effort']);
  const thinking = request.thinking;
  if (!thinking || thinking.type === 'disabled') return undefined;
  if (thinking.type === 'enabled') {
    const budget = thinking.budget_tokens ?? 0;
    return budget < 4096 ? 'low' : budget < 16_384 ? 'medium' : 'high';
  }
  if (thinking.type === 'adaptive') return 'medium';
  throw untranslatable(`thinking.type '${thinking.type}'`, target);
}

function responseFormat(format: NonNullable<AnthropicMessagesRequest['output_config']>['format']): CanonicalRequest['response_format'] {
  if (!format) return undefined;
  if (format.type !== 'json_schema') throw untranslatable(`output_config.format.type '${format.type}'`, target);
  return { type: 'json_schema', json_schema: { name: 'output', schema: format.schema ?? { type: 'object' }, strict: true } };
}

/**
 * An Anthropic Messages request as a Chat Completions request (for a model of another provider):
 * the system prompt first, `tool_result` blocks as tool messages, images and PDFs as content
 * parts, thinking as a reasoning effort. Streams ask for usage, which the caller is charged by.
 */
export function fromAnthropicRequest(request: AnthropicMessagesRequest): CanonicalRequest {
  const extra = unknownField(request, understood);
  if (extra) throw untranslatable(extra, target);
  const messages: CanonicalMessage[] = [...systemMessage(request.system)];
  for (const [i, message] of request.messages.entries()) {
    const param = `messages.${i}.content`;
    if (message.role === 'user') messages.push(...userMessages(message.content, param));
    else messages.push(assistantMessage(message.content, param));
  }
  const effort = effortOf(request);
  const format = responseFormat(request.output_config?.format);
  return {
    model: request.model,
    messages,
    max_completion_tokens: request.max_tokens,
    ...(request.stream ? { stream: true, stream_options: { include_usage: true } } : {}),
    ...(request.temperature !== undefined ? { temperature: request.temperature } : {}),
    ...(request.top_p !== undefined ? { top_p: request.top_p } : {}),
    ...(request.stop_sequences && request.stop_sequences.length > 0 ? { stop: request.stop_sequences } : {}),
    ...(request.tools && request.tools.length > 0 ? { tools: request.tools.map(toolOf) } : {}),
    ...toolChoiceOf(request.tool_choice),
    ...(effort ? { reasoning_effort: effort } : {}),
    ...(format ? { response_format: format } : {}),
    ...(request.metadata?.user_id ? { user: request.metadata.user_id } : {}),
  };
}
