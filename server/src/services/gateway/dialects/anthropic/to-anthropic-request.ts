import { upstreamInfo } from '@parley/core';
import type { CanonicalAnyPart, CanonicalAssistantMessage, CanonicalMessage, CanonicalRequest, CanonicalTool, CanonicalToolChoice } from '../canonical.ts';
import { parseArguments, parseDataUrl, untranslatable } from '../untranslatable.ts';
import type { AnthropicBlock, AnthropicMessage, AnthropicRequest } from './anthropic-types.ts';

const target = 'Anthropic Messages';

/** Thinking budgets for the reasoning efforts of Chat Completions, on the Claude models that take a budget. */
const budgetOfEffort: Record<string, number> = { low: 1024, medium: 4096, high: 16_384, xhigh: 32_000 };
/** The answer's own cap when the caller sets none: Anthropic requires one. */
const defaultMaxTokens = 8192;

/** The canonical fields this translation reads; any other field that carries a value is a 400. */
const understood = new Set([
  'model', 'messages', 'stream', 'stream_options', 'max_tokens', 'max_completion_tokens', 'temperature', 'top_p', 'stop',
  'tools', 'tool_choice', 'parallel_tool_calls', 'response_format', 'reasoning_effort', 'n', 'user',
  // Hints that change nothing in the answer: store, metadata, a service tier.
  'store', 'metadata', 'service_tier',
]);

function imageBlock(url: string, param: string): AnthropicBlock {
  if (/^https?:\/\//.test(url)) return { type: 'image', source: { type: 'url', url } };
  const data = parseDataUrl(url);
  if (!data) throw untranslatable(param, target, 'an image must be a data: URL or an http(s) URL');
  return { type: 'image', source: { type: 'base64', media_type: data.mediaType, data: data.data } };
}

function partBlock(part: CanonicalAnyPart, param: string): AnthropicBlock {
  if (part.type === 'text') return { type: 'text', text: part.text };
  if (part.type === 'refusal') return { type: 'text', text: part.refusal };
  if (part.type === 'image_url') return imageBlock(part.image_url.url, `${param}.image_url`);
  if (part.type === 'file') {
    const { file } = part;
    if (file.file_id !== undefined) throw untranslatable(`${param}.file.file_id`, target, 'send the file inline as file_data');
    const data = parseDataUrl(file.file_data ?? '');
    if (!data) throw untranslatable(`${param}.file.file_data`, target, 'expected a data: URL');
    if (data.mediaType === 'text/plain') {
      return { type: 'document', source: { type: 'text', media_type: 'text/plain', data: Buffer.from(data.data, 'base64').toString('utf8') }, ...(file.filename ? { title: file.filename } : {}) };
    }
    return { type: 'document', source: { type: 'base64', media_type: data.mediaType, data: data.data }, ...(file.filename ? { title: file.filename } : {}) };
  }
  throw untranslatable(`${param}.type '${part.type}'`, target);
}

function contentBlocks(content: CanonicalMessage['content'], param: string): AnthropicBlock[] {
  if (content === undefined || content === null) return [];
  if (typeof content === 'string') return content === '' ? [] : [{ type: 'text', text: content }];
  return content.map((part, i) => partBlock(part, `${param}.${i}`));
}

function systemText(message: CanonicalMessage, param: string): string {
  if (typeof message.content === 'string') return message.content;
  return (message.content as CanonicalAnyPart[])
    .map((part, i) => {
      if (part.type !== 'text') throw untranslatable(`${param}.content.${i}`, target, 'a system prompt holds text only');
      return part.text;
    })
    .join('\n');
}

function assistantBlocks(message: CanonicalAssistantMessage, param: string): AnthropicBlock[] {
  const blocks = contentBlocks(message.content, `${param}.content`);
  for (const [i, call] of (message.tool_calls ?? []).entries()) {
    blocks.push({ type: 'tool_use', id: call.id, name: call.function.name, input: parseArguments(call.function.arguments, `${param}.tool_calls.${i}.function.arguments`, target) });
  }
  return blocks;
}

function toolResultBlock(message: CanonicalMessage, param: string): AnthropicBlock {
  if (!message.tool_call_id) throw untranslatable(`${param}.tool_call_id`, target, 'a tool result must name its call');
  const content = typeof message.content === 'string' ? message.content : contentBlocks(message.content, `${param}.content`);
  return { type: 'tool_result', tool_use_id: message.tool_call_id, content };
}

/** Messages alternate user / assistant; consecutive turns of one role (tool results then the user's words) become one. */
function pushTurn(turns: AnthropicMessage[], role: 'user' | 'assistant', blocks: AnthropicBlock[]) {
  if (blocks.length === 0) return;
  const last = turns.at(-1);
  if (last?.role === role) last.content.push(...blocks);
  else turns.push({ role, content: blocks });
}

function conversation(messages: CanonicalMessage[]): { system: string[]; turns: AnthropicMessage[] } {
  const system: string[] = [];
  const turns: AnthropicMessage[] = [];
  for (const [i, message] of messages.entries()) {
    const param = `messages.${i}`;
    if (message.role === 'system' || message.role === 'developer') system.push(systemText(message, param));
    else if (message.role === 'user') pushTurn(turns, 'user', contentBlocks(message.content, `${param}.content`));
    else if (message.role === 'assistant') pushTurn(turns, 'assistant', assistantBlocks(message, param));
    else if (message.role === 'tool') pushTurn(turns, 'user', [toolResultBlock(message, param)]);
    else throw untranslatable(`${param}.role '${String(message.role)}'`, target);
  }
  return { system, turns };
}

const toolOf = (tool: CanonicalTool, i: number) => {
  if (tool.type !== 'function') throw untranslatable(`tools.${i}.type '${String(tool.type)}'`, target);
  return {
    name: tool.function.name,
    ...(tool.function.description ? { description: tool.function.description } : {}),
    input_schema: tool.function.parameters ?? { type: 'object', properties: {} },
    ...(tool.function.strict ? { strict: true } : {}),
  };
};

function toolChoiceOf(choice: CanonicalToolChoice | undefined, parallel: boolean | undefined): Record<string, unknown> | undefined {
  const single = parallel === false ? { disable_parallel_tool_use: true } : {};
  if (choice === undefined) return parallel === false ? { type: 'auto', ...single } : undefined;
  if (choice === 'none') return { type: 'none' };
  if (choice === 'auto') return { type: 'auto', ...single };
  if (choice === 'required') return { type: 'any', ...single };
  return { type: 'tool', name: choice.function.name, ...single };
}

/**
 * How the call thinks: the Claude 5 generation thinks adaptively and takes an effort; older
 * thinking models take a budget on top of the answer's cap. No effort asked: the model's default.
 */
function thinkingOf(model: string, effort: CanonicalRequest['reasoning_effort']): { thinking?: Record<string, unknown>; effort?: string; headroom: number } {
  if (effort === undefined || effort === null) return { headroom: 0 };
  const mode = upstreamInfo(model)?.claudeThinking;
  if (mode === 'adaptive' || mode === 'always') {
    if (effort === 'none' && mode === 'adaptive') return { thinking: { type: 'disabled' }, headroom: 0 };
    const level = effort === 'none' || effort === 'minimal' ? 'low' : effort;
    return { thinking: { type: 'adaptive', display: 'summarized' }, effort: level, headroom: 0 };
  }
  if (effort === 'none' || effort === 'minimal') return { headroom: 0 };
  const budget = budgetOfEffort[effort]!;
  return { thinking: { type: 'enabled', budget_tokens: budget }, headroom: budget };
}

function outputFormat(format: CanonicalRequest['response_format']): Record<string, unknown> | undefined {
  if (!format || format.type === 'text') return undefined;
  // Any JSON object is the schema `{type: object}`.
  if (format.type === 'json_object') return { type: 'json_schema', schema: { type: 'object' } };
  if (format.type === 'json_schema') return { type: 'json_schema', schema: format.json_schema.schema ?? { type: 'object' } };
  throw untranslatable(`response_format.type '${String((format as { type: unknown }).type)}'`, target);
}

/** The first field that carries a value and that this translation does not understand. */
export function unknownField(body: Record<string, unknown>, known: ReadonlySet<string>): string | undefined {
  return Object.keys(body).find((key) => !known.has(key) && body[key] !== undefined && body[key] !== null);
}

/**
 * A Chat Completions request as an Anthropic Messages request for `model` (the upstream id):
 * system and developer turns join the system prompt, tool turns become `tool_result` blocks,
 * images and PDFs become `image` / `document` blocks, reasoning effort becomes thinking.
 */
export function toAnthropicRequest(request: CanonicalRequest, model: string): AnthropicRequest {
  const extra = unknownField(request, understood);
  if (extra) throw untranslatable(extra, target);
  if ((request.n ?? 1) !== 1) throw untranslatable('n', target, 'Claude answers one choice per call');
  const { system, turns } = conversation(request.messages);
  const { thinking, effort, headroom } = thinkingOf(model, request.reasoning_effort);
  const format = outputFormat(request.response_format);
  const cap = request.max_completion_tokens ?? request.max_tokens ?? upstreamInfo(model)?.maxOutput ?? defaultMaxTokens;
  const stop = typeof request.stop === 'string' ? [request.stop] : request.stop;
  const toolChoice = toolChoiceOf(request.tool_choice, request.parallel_tool_calls);
  return {
    model,
    max_tokens: cap + headroom,
    messages: turns,
    ...(system.length > 0 ? { system: system.join('\n\n') } : {}),
    ...(request.stream ? { stream: true } : {}),
    ...(request.temperature !== undefined && request.temperature !== null ? { temperature: request.temperature } : {}),
    ...(request.top_p !== undefined && request.top_p !== null ? { top_p: request.top_p } : {}),
    ...(stop && stop.length > 0 ? { stop_sequences: stop } : {}),
    ...(request.tools && request.tools.length > 0 ? { tools: request.tools.map(toolOf) } : {}),
    ...(toolChoice ? { tool_choice: toolChoice } : {}),
    ...(thinking ? { thinking } : {}),
    ...(effort || format ? { output_config: { ...(effort ? { effort } : {}), ...(format ? { format } : {}) } } : {}),
    ...(request.user ? { metadata: { user_id: request.user } } : {}),
  };
}
