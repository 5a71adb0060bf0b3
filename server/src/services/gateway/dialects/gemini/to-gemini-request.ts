import { upstreamInfo } from '@parley/core';
import { thinksByLevel } from '../../../../providers/google/google-provider.ts';
import type { CanonicalAnyPart, CanonicalAssistantMessage, CanonicalMessage, CanonicalRequest, CanonicalToolChoice } from '../canonical.ts';
import { unknownField } from '../anthropic/to-anthropic-request.ts';
import { parseArguments, parseDataUrl, untranslatable } from '../untranslatable.ts';
import type { GeminiContent, GeminiPart, GeminiRequest } from './gemini-types.ts';
import { signatureOf, unsignedCallSignature } from './thought-signature.ts';

const target = 'Gemini';

/** Thinking budgets for the reasoning efforts of Chat Completions. */
const budgetOfEffort: Record<string, number> = { none: 0, minimal: 512, low: 1024, medium: 8192, high: 24_576, xhigh: 32_768 };
/** Gemini 3 and later think by level (a 2.5-style budget is refused from 3.5 on) and cannot stop thinking. */
const levelOfEffort: Record<string, string> = { none: 'minimal', minimal: 'minimal', low: 'low', medium: 'medium', high: 'high', xhigh: 'high' };

const understood = new Set([
  'model', 'messages', 'stream', 'stream_options', 'max_tokens', 'max_completion_tokens', 'temperature', 'top_p', 'stop',
  'tools', 'tool_choice', 'parallel_tool_calls', 'response_format', 'reasoning_effort', 'n', 'user', 'seed',
  'presence_penalty', 'frequency_penalty', 'store', 'metadata', 'service_tier',
]);

function partOf(part: CanonicalAnyPart, param: string): GeminiPart {
  if (part.type === 'text') return { text: part.text };
  if (part.type === 'refusal') return { text: part.refusal };
  if (part.type === 'image_url') {
    const data = parseDataUrl(part.image_url.url);
    if (!data) throw untranslatable(`${param}.image_url.url`, target, 'Gemini reads images sent inline as data: URLs');
    return { inlineData: { mimeType: data.mediaType, data: data.data } };
  }
  if (part.type === 'file') {
    const { file } = part;
    if (file.file_id !== undefined) throw untranslatable(`${param}.file.file_id`, target, 'send the file inline as file_data');
    const data = parseDataUrl(file.file_data ?? '');
    if (!data) throw untranslatable(`${param}.file.file_data`, target, 'expected a data: URL');
    return { inlineData: { mimeType: data.mediaType, data: data.data } };
  }
  throw untranslatable(`${param}.type '${part.type}'`, target);
}

function partsOf(content: CanonicalMessage['content'], param: string): GeminiPart[] {
  if (content === undefined || content === null) return [];
  if (typeof content === 'string') return content === '' ? [] : [{ text: content }];
  return content.map((part, i) => partOf(part, `${param}.${i}`));
}

/** The text of a tool's answer; Gemini wants an object, so it travels as `{content}`. */
function toolOutput(message: CanonicalMessage, param: string): Record<string, unknown> {
  if (typeof message.content === 'string') return { content: message.content };
  const text = (message.content ?? []).map((part, i) => {
    if (part.type !== 'text') throw untranslatable(`${param}.content.${i}.type '${part.type}'`, target, 'a tool result holds text only');
    return String(part.text);
  });
  return { content: text.join('\n') };
}

function push(contents: GeminiContent[], role: 'user' | 'model', parts: GeminiPart[]) {
  if (parts.length === 0) return;
  const last = contents.at(-1);
  if (last?.role === role) last.parts!.push(...parts);
  else contents.push({ role, parts });
}

function modelParts(message: CanonicalAssistantMessage, param: string, thinking: boolean, names: Map<string, string>): GeminiPart[] {
  const parts = partsOf(message.content, `${param}.content`);
  for (const [i, call] of (message.tool_calls ?? []).entries()) {
    names.set(call.id, call.function.name);
    const signature = signatureOf(call.id) ?? (thinking && i === 0 ? unsignedCallSignature : undefined);
    parts.push({
      functionCall: { name: call.function.name, args: parseArguments(call.function.arguments, `${param}.tool_calls.${i}.function.arguments`, target) },
      ...(signature ? { thoughtSignature: signature } : {}),
    });
  }
  return parts;
}

function conversation(messages: CanonicalMessage[], thinking: boolean): { system: GeminiPart[]; contents: GeminiContent[] } {
  const system: GeminiPart[] = [];
  const contents: GeminiContent[] = [];
  const names = new Map<string, string>();
  for (const [i, message] of messages.entries()) {
    const param = `messages.${i}`;
    if (message.role === 'system' || message.role === 'developer') system.push(...partsOf(message.content, `${param}.content`));
    else if (message.role === 'user') push(contents, 'user', partsOf(message.content, `${param}.content`));
    else if (message.role === 'assistant') push(contents, 'model', modelParts(message, param, thinking, names));
    else if (message.role === 'tool') {
      const name = names.get(message.tool_call_id ?? '');
      if (!name) throw untranslatable(`${param}.tool_call_id`, target, 'a tool result must answer a tool call of an earlier assistant message');
      push(contents, 'user', [{ functionResponse: { name, response: toolOutput(message, param) } }]);
    } else throw untranslatable(`${param}.role '${String(message.role)}'`, target);
  }
  return { system, contents };
}

function toolConfigOf(choice: CanonicalToolChoice | undefined): GeminiRequest['toolConfig'] {
  if (choice === undefined || choice === 'auto') return undefined;
  if (choice === 'none') return { functionCallingConfig: { mode: 'NONE' } };
  if (choice === 'required') return { functionCallingConfig: { mode: 'ANY' } };
  return { functionCallingConfig: { mode: 'ANY', allowedFunctionNames: [choice.function.name] } };
}

function responseConfig(format: CanonicalRequest['response_format']): Record<string, unknown> {
  if (!format || format.type === 'text') return {};
  if (format.type === 'json_object') return { responseMimeType: 'application/json' };
  if (format.type === 'json_schema') return { responseMimeType: 'application/json', ...(format.json_schema.schema ? { responseJsonSchema: format.json_schema.schema } : {}) };
  throw untranslatable(`response_format.type '${String((format as { type: unknown }).type)}'`, target);
}

function generationConfig(request: CanonicalRequest, model: string, thinking: boolean): Record<string, unknown> {
  const cap = request.max_completion_tokens ?? request.max_tokens;
  const stop = typeof request.stop === 'string' ? [request.stop] : request.stop;
  const effort = request.reasoning_effort;
  const budget = effort === undefined || effort === null ? undefined : budgetOfEffort[effort];
  if (budget !== undefined && !thinking) throw untranslatable('reasoning_effort', target, `${request.model} does not think`);
  const config: Record<string, unknown> = {
    ...(request.temperature !== undefined && request.temperature !== null ? { temperature: request.temperature } : {}),
    ...(request.top_p !== undefined && request.top_p !== null ? { topP: request.top_p } : {}),
    ...(cap !== undefined && cap !== null ? { maxOutputTokens: cap } : {}),
    ...(stop && stop.length > 0 ? { stopSequences: stop } : {}),
    ...(request.n !== undefined && request.n !== null ? { candidateCount: request.n } : {}),
    ...(typeof request.seed === 'number' ? { seed: request.seed } : {}),
    ...(typeof request.presence_penalty === 'number' ? { presencePenalty: request.presence_penalty } : {}),
    ...(typeof request.frequency_penalty === 'number' ? { frequencyPenalty: request.frequency_penalty } : {}),
    ...responseConfig(request.response_format),
    // A thinking model streams its thought summaries as reasoning, as a reasoning model on Chat Completions would.
    ...(thinking ? { thinkingConfig: thinkingConfigOf(model, effort ?? undefined, budget) } : {}),
  };
  return config;
}

function thinkingConfigOf(model: string, effort: string | undefined, budget: number | undefined): Record<string, unknown> {
  if (thinksByLevel(model)) return { includeThoughts: true, ...(effort !== undefined ? { thinkingLevel: levelOfEffort[effort] } : {}) };
  return { includeThoughts: budget !== 0, ...(budget !== undefined ? { thinkingBudget: budget } : {}) };
}

/**
 * A Chat Completions request as a Gemini `generateContent` body for `model` (the upstream id):
 * system turns become `systemInstruction`, assistant turns `model` contents, tool calls and
 * results `functionCall` / `functionResponse` parts (with their thought signatures), images and
 * PDFs `inlineData`, the reasoning effort a thinking budget.
 */
export function toGeminiRequest(request: CanonicalRequest, model: string): GeminiRequest {
  const extra = unknownField(request, understood);
  if (extra) throw untranslatable(extra, target);
  if (request.n !== undefined && request.n !== null && request.n > 1 && request.stream) throw untranslatable('n', target, 'a stream carries one candidate');
  const thinking = upstreamInfo(model)?.capabilities.reasoning === true;
  const { system, contents } = conversation(request.messages, thinking);
  const tools = request.tools ?? [];
  const config = generationConfig(request, model, thinking);
  const toolConfig = toolConfigOf(request.tool_choice);
  return {
    contents,
    ...(system.length > 0 ? { systemInstruction: { parts: system } } : {}),
    ...(tools.length > 0
      ? {
          tools: [
            {
              functionDeclarations: tools.map((tool, i) => {
                if (tool.type !== 'function') throw untranslatable(`tools.${i}.type '${String(tool.type)}'`, target);
                const { name, description, parameters } = tool.function;
                return { name, ...(description ? { description } : {}), ...(parameters ? { parametersJsonSchema: parameters } : {}) };
              }),
            },
          ],
        }
      : {}),
    ...(toolConfig ? { toolConfig } : {}),
    ...(Object.keys(config).length > 0 ? { generationConfig: config } : {}),
  };
}
