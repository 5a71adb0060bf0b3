import type { ResponsesContentPart, ResponsesInputItem, ResponsesRequest } from '@parley/core';
import type { CanonicalAssistantMessage, CanonicalMessage, CanonicalPart, CanonicalRequest, CanonicalTool, CanonicalToolChoice } from '../canonical.ts';
import { unknownField } from '../anthropic/to-anthropic-request.ts';
import { untranslatable } from '../untranslatable.ts';

const target = 'a model outside OpenAI';

/**
 * The Responses fields this translation reads. `store`, `include`, `prompt_cache_key`,
 * `metadata`, `service_tier` and `truncation` ask for OpenAI-side storage and caching, which a
 * translated call does not have and whose absence changes nothing in the answer. `background` is Parley's own (the route keeps the stream).
 */
const understood = new Set([
  'model', 'input', 'instructions', 'stream', 'max_output_tokens', 'temperature', 'top_p', 'tools', 'tool_choice', 'parallel_tool_calls',
  'reasoning', 'text', 'user', 'safety_identifier', 'store', 'include', 'prompt_cache_key', 'metadata', 'service_tier', 'truncation', 'stream_options',
  'background',
]);

function partOf(part: ResponsesContentPart, param: string): CanonicalPart {
  if (part.type === 'input_text' || part.type === 'output_text' || part.type === 'text') return { type: 'text', text: part.text ?? '' };
  if (part.type === 'refusal') return { type: 'text', text: String(part.refusal ?? '') };
  if (part.type === 'input_image') {
    if (!part.image_url) throw untranslatable(`${param}.file_id`, target, 'send the image inline as image_url');
    const detail = part.detail === 'low' || part.detail === 'high' || part.detail === 'auto' ? { detail: part.detail as 'low' | 'high' | 'auto' } : {};
    return { type: 'image_url', image_url: { url: part.image_url, ...detail } };
  }
  if (part.type === 'input_file') {
    if (!part.file_data) throw untranslatable(`${param}`, target, 'send the file inline as file_data');
    const data = part.file_data.startsWith('data:') ? part.file_data : `data:application/pdf;base64,${part.file_data}`;
    return { type: 'file', file: { filename: part.filename ?? 'document.pdf', file_data: data } };
  }
  throw untranslatable(`${param}.type '${part.type}'`, target);
}

function contentOf(content: ResponsesInputItem['content'], param: string): string | CanonicalPart[] {
  if (content === undefined) return '';
  if (typeof content === 'string') return content;
  return content.map((part, i) => partOf(part, `${param}.${i}`));
}

/** Assistant text, reasoning and calls that follow each other are one assistant message. */
function assistantTail(messages: CanonicalMessage[]): CanonicalAssistantMessage {
  const last = messages.at(-1);
  if (last?.role === 'assistant') return last;
  const message: CanonicalAssistantMessage = { role: 'assistant', content: null };
  messages.push(message);
  return message;
}

/** Content that may only be text (an assistant's, a system prompt) as one string. */
function textOnly(content: string | CanonicalPart[], param: string): string {
  if (typeof content === 'string') return content;
  return content
    .map((part, i) => {
      if (part.type !== 'text') throw untranslatable(`${param}.${i}.type '${part.type}'`, target, 'this message holds text only');
      return part.text;
    })
    .join('');
}

function outputText(output: ResponsesInputItem['output'], param: string): string {
  if (typeof output === 'string' || output === undefined) return output ?? '';
  return output
    .map((part, i) => {
      const converted = partOf(part, `${param}.${i}`);
      if (converted.type !== 'text') throw untranslatable(`${param}.${i}.type '${part.type}'`, target, 'a function call output holds text only');
      return String(converted.text);
    })
    .join('');
}

function inputMessages(input: ResponsesRequest['input']): CanonicalMessage[] {
  if (typeof input === 'string') return [{ role: 'user', content: input }];
  const messages: CanonicalMessage[] = [];
  for (const [i, item] of input.entries()) {
    const param = `input.${i}`;
    const type = item.type ?? 'message';
    if (type === 'message') {
      const role = item.role ?? 'user';
      const content = contentOf(item.content, `${param}.content`);
      if (role === 'assistant') {
        const message = assistantTail(messages);
        message.content = (typeof message.content === 'string' ? message.content : '') + textOnly(content, `${param}.content`);
      } else if (role === 'user') messages.push({ role, content });
      else if (role === 'system' || role === 'developer') messages.push({ role, content: textOnly(content, `${param}.content`) });
      else throw untranslatable(`${param}.role '${role}'`, target);
    } else if (type === 'function_call') {
      const message = assistantTail(messages);
      message.tool_calls = [...(message.tool_calls ?? []), { id: item.call_id ?? '', type: 'function', function: { name: item.name ?? '', arguments: item.arguments ?? '' } }];
    } else if (type === 'function_call_output') {
      messages.push({ role: 'tool', tool_call_id: item.call_id ?? '', content: outputText(item.output, `${param}.output`) });
    } else if (type === 'reasoning') {
      // The summary the model showed; its encrypted content only OpenAI can read.
      const summary = (item.summary ?? []).map((s) => s.text ?? '').join('\n');
      const message = assistantTail(messages);
      if (summary) message.reasoning_content = (message.reasoning_content ?? '') + summary;
    } else throw untranslatable(`${param}.type '${type}'`, target);
  }
  return messages;
}

function toolOf(tool: NonNullable<ResponsesRequest['tools']>[number], i: number): CanonicalTool {
  if (tool.type !== 'function') throw untranslatable(`tools.${i}.type '${tool.type}'`, target, 'only function tools run outside OpenAI');
  return {
    type: 'function',
    function: { name: tool.name ?? '', ...(tool.description ? { description: tool.description } : {}), ...(tool.parameters ? { parameters: tool.parameters } : {}), ...(tool.strict ? { strict: true } : {}) },
  };
}

function toolChoiceOf(choice: ResponsesRequest['tool_choice']): CanonicalToolChoice | undefined {
  if (choice === undefined || typeof choice === 'string') return choice;
  if (choice.type === 'function' && choice.name) return { type: 'function', function: { name: choice.name } };
  throw untranslatable(`tool_choice.type '${choice.type}'`, target);
}

function formatOf(format: NonNullable<NonNullable<ResponsesRequest['text']>['format']> | undefined): CanonicalRequest['response_format'] {
  if (!format || format.type === 'text') return undefined;
  if (format.type === 'json_object') return { type: 'json_object' };
  if (format.type === 'json_schema') return { type: 'json_schema', json_schema: { name: format.name ?? 'output', schema: format.schema, strict: format.strict ?? null } };
  throw untranslatable(`text.format.type '${format.type}'`, target);
}

/**
 * A Responses request as a Chat Completions request (for a model of another provider):
 * `instructions` as the system message, input items as messages, function calls and their
 * outputs as tool calls and tool messages, reasoning summaries as `reasoning_content`.
 * `previous_response_id` needs OpenAI's stored responses: a 400 here.
 */
export function fromResponsesRequest(request: ResponsesRequest): CanonicalRequest {
  if (request.previous_response_id) throw untranslatable('previous_response_id', target, 'only OpenAI keeps earlier responses; send the whole conversation as input');
  const extra = unknownField(request, understood);
  if (extra) throw untranslatable(extra, target);
  const messages: CanonicalMessage[] = [...(request.instructions ? [{ role: 'system' as const, content: request.instructions }] : []), ...inputMessages(request.input)];
  const toolChoice = toolChoiceOf(request.tool_choice);
  const format = formatOf(request.text?.format);
  const effort = request.reasoning?.effort;
  const user = request.safety_identifier ?? request.user;
  return {
    model: request.model,
    messages,
    ...(request.stream ? { stream: true, stream_options: { include_usage: true } } : {}),
    ...(request.max_output_tokens ? { max_completion_tokens: request.max_output_tokens } : {}),
    ...(request.temperature !== undefined && request.temperature !== null ? { temperature: request.temperature } : {}),
    ...(request.top_p !== undefined && request.top_p !== null ? { top_p: request.top_p } : {}),
    ...(request.tools && request.tools.length > 0 ? { tools: request.tools.map(toolOf) } : {}),
    ...(toolChoice ? { tool_choice: toolChoice } : {}),
    ...(request.parallel_tool_calls === false ? { parallel_tool_calls: false } : {}),
    ...(effort ? { reasoning_effort: effort as CanonicalRequest['reasoning_effort'] } : {}),
    ...(format ? { response_format: format } : {}),
    ...(request.text?.verbosity ? { verbosity: request.text.verbosity } : {}),
    ...(user ? { user } : {}),
  };
}
