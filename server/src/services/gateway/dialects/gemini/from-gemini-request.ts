import type { GeminiContentInput, GeminiGenerateRequest, GeminiPartInput } from '@parley/core';
import type { CanonicalMessage, CanonicalPart, CanonicalRequest, CanonicalTool, CanonicalToolCall, CanonicalToolChoice } from '../canonical.ts';
import { unknownField } from '../anthropic/to-anthropic-request.ts';
import { untranslatable } from '../untranslatable.ts';
import { openApiToJsonSchema } from './openapi-schema.ts';

const target = 'a non-Gemini model';

/** `safetySettings` tune Google's own filter, which other providers do not have; nothing else is lost. */
const understood = new Set(['contents', 'systemInstruction', 'tools', 'toolConfig', 'generationConfig', 'safetySettings', 'model']);
const understoodConfig = new Set([
  'temperature', 'topP', 'maxOutputTokens', 'candidateCount', 'stopSequences', 'presencePenalty', 'frequencyPenalty', 'seed',
  'responseMimeType', 'responseSchema', 'responseJsonSchema', 'thinkingConfig',
]);

function mediaPart(part: GeminiPartInput, param: string): CanonicalPart {
  if (part.inlineData) {
    const url = `data:${part.inlineData.mimeType};base64,${part.inlineData.data}`;
    if (part.inlineData.mimeType.startsWith('image/')) return { type: 'image_url', image_url: { url } };
    return { type: 'file', file: { filename: part.inlineData.mimeType === 'application/pdf' ? 'document.pdf' : 'file', file_data: url } };
  }
  const uri = part.fileData?.fileUri ?? '';
  if (/^https?:\/\//.test(uri) && (part.fileData?.mimeType ?? 'image/').startsWith('image/')) return { type: 'image_url', image_url: { url: uri } };
  throw untranslatable(`${param}.fileData`, target, 'send the file inline as inlineData');
}

/** Calls answered by name (and id when Gemini gave one), in the order the model made them. */
class PendingCalls {
  private pending: { id: string; name: string; callId?: string }[] = [];
  private count = 0;

  add(call: NonNullable<GeminiPartInput['functionCall']>): string {
    const id = call.id ?? `call_${this.count++}_${call.name}`;
    this.pending.push({ id, name: call.name, callId: call.id });
    return id;
  }

  answer(response: NonNullable<GeminiPartInput['functionResponse']>, param: string): string {
    const index = this.pending.findIndex((p) => (response.id ? p.callId === response.id : p.name === response.name));
    if (index < 0) throw untranslatable(`${param}.functionResponse`, target, `it answers no earlier functionCall named ${response.name}`);
    return this.pending.splice(index, 1)[0]!.id;
  }
}

function modelMessage(content: GeminiContentInput, param: string, calls: PendingCalls): CanonicalMessage {
  let text = '';
  let reasoning = '';
  const toolCalls: CanonicalToolCall[] = [];
  for (const [i, part] of content.parts.entries()) {
    if (part.functionCall) toolCalls.push({ id: calls.add(part.functionCall), type: 'function', function: { name: part.functionCall.name, arguments: JSON.stringify(part.functionCall.args ?? {}) } });
    else if (typeof part.text === 'string') {
      if (part.thought) reasoning += part.text;
      else text += part.text;
    } else throw untranslatable(`${param}.parts.${i}`, target, 'a model turn holds text and function calls');
  }
  return { role: 'assistant', content: text === '' && toolCalls.length > 0 ? null : text, ...(reasoning ? { reasoning_content: reasoning } : {}), ...(toolCalls.length > 0 ? { tool_calls: toolCalls } : {}) };
}

function userMessages(content: GeminiContentInput, param: string, calls: PendingCalls): CanonicalMessage[] {
  const out: CanonicalMessage[] = [];
  const parts: CanonicalPart[] = [];
  for (const [i, part] of content.parts.entries()) {
    const at = `${param}.parts.${i}`;
    if (part.functionResponse) out.push({ role: 'tool', tool_call_id: calls.answer(part.functionResponse, at), content: JSON.stringify(part.functionResponse.response ?? {}) });
    else if (typeof part.text === 'string') parts.push({ type: 'text', text: part.text });
    else if (part.inlineData || part.fileData) parts.push(mediaPart(part, at));
    else throw untranslatable(at, target, 'unknown part');
  }
  if (parts.length > 0) out.push({ role: 'user', content: parts });
  return out;
}

function systemOf(system: GeminiGenerateRequest['systemInstruction']): CanonicalMessage[] {
  const text = (system?.parts ?? [])
    .map((part, i) => {
      if (typeof part.text !== 'string') throw untranslatable(`systemInstruction.parts.${i}`, target, 'a system instruction holds text only');
      return part.text;
    })
    .join('\n');
  return text === '' ? [] : [{ role: 'system', content: text }];
}

function toolsOf(tools: GeminiGenerateRequest['tools']): CanonicalTool[] {
  return (tools ?? []).flatMap((tool, i) => {
    const other = Object.keys(tool).find((key) => key !== 'functionDeclarations');
    if (other) throw untranslatable(`tools.${i}.${other}`, target, 'Google-run tools work on Gemini only');
    return (tool.functionDeclarations ?? []).map((declaration): CanonicalTool => {
      const parameters = declaration.parametersJsonSchema ?? (declaration.parameters ? openApiToJsonSchema(declaration.parameters) : undefined);
      return {
        type: 'function',
        function: { name: declaration.name, ...(declaration.description ? { description: declaration.description } : {}), ...(parameters ? { parameters: parameters as Record<string, unknown> } : {}) },
      };
    });
  });
}

function toolChoiceOf(config: GeminiGenerateRequest['toolConfig']): CanonicalToolChoice | undefined {
  const calling = config?.functionCallingConfig;
  const mode = calling?.mode?.toUpperCase();
  if (!mode || mode === 'AUTO' || mode === 'MODE_UNSPECIFIED') return undefined;
  if (mode === 'NONE') return 'none';
  if (mode !== 'ANY') throw untranslatable(`toolConfig.functionCallingConfig.mode '${calling?.mode}'`, target);
  const allowed = calling?.allowedFunctionNames ?? [];
  if (allowed.length === 0) return 'required';
  if (allowed.length === 1) return { type: 'function', function: { name: allowed[0]! } };
  throw untranslatable('toolConfig.functionCallingConfig.allowedFunctionNames', target, 'only one forced function can be named');
}

function effortOf(thinking: NonNullable<GeminiGenerateRequest['generationConfig']>['thinkingConfig']): CanonicalRequest['reasoning_effort'] {
  if (thinking?.thinkingLevel) return ({ minimal: 'minimal', low: 'low', medium: 'medium', high: 'high' } as const)[thinking.thinkingLevel.toLowerCase() as 'low'] ?? 'medium';
  const budget = thinking?.thinkingBudget;
  // No budget, or -1 (dynamic): the model's own default; 0 switches thinking off where it can be.
  if (budget === undefined || budget < 0) return undefined;
  if (budget === 0) return undefined;
  return budget <= 1024 ? 'low' : budget <= 8192 ? 'medium' : 'high';
}

function formatOf(config: NonNullable<GeminiGenerateRequest['generationConfig']>): CanonicalRequest['response_format'] {
  const schema = config.responseJsonSchema ?? (config.responseSchema ? openApiToJsonSchema(config.responseSchema) : undefined);
  if (config.responseMimeType === undefined || config.responseMimeType === 'text/plain') {
    if (schema !== undefined) throw untranslatable('generationConfig.responseSchema', target, 'a schema needs responseMimeType application/json');
    return undefined;
  }
  if (config.responseMimeType !== 'application/json') throw untranslatable(`generationConfig.responseMimeType '${config.responseMimeType}'`, target);
  if (schema === undefined) return { type: 'json_object' };
  return { type: 'json_schema', json_schema: { name: 'output', schema: schema as Record<string, unknown>, strict: true } };
}

/**
 * A Gemini `generateContent` request as a Chat Completions request (for a model of another
 * provider): `systemInstruction` first, `model` turns as assistant messages, function calls and
 * responses as tool calls and tool messages, inline images and PDFs as content parts.
 */
export function fromGeminiRequest(request: GeminiGenerateRequest, model: string, stream: boolean): CanonicalRequest {
  const extra = unknownField(request, understood);
  if (extra) throw untranslatable(extra, target);
  const config = request.generationConfig ?? {};
  const extraConfig = unknownField(config, understoodConfig);
  if (extraConfig) throw untranslatable(`generationConfig.${extraConfig}`, target);
  if ((config.candidateCount ?? 1) !== 1) throw untranslatable('generationConfig.candidateCount', target, 'one candidate per call');
  const calls = new PendingCalls();
  const messages: CanonicalMessage[] = [...systemOf(request.systemInstruction)];
  for (const [i, content] of request.contents.entries()) {
    const param = `contents.${i}`;
    if (content.role === 'model') messages.push(modelMessage(content, param, calls));
    else if (content.role === undefined || content.role === 'user') messages.push(...userMessages(content, param, calls));
    else throw untranslatable(`${param}.role '${content.role}'`, target);
  }
  const tools = toolsOf(request.tools);
  const toolChoice = toolChoiceOf(request.toolConfig);
  const effort = effortOf(config.thinkingConfig);
  const format = formatOf(config);
  return {
    model,
    messages,
    ...(stream ? { stream: true, stream_options: { include_usage: true } } : {}),
    ...(config.temperature !== undefined ? { temperature: config.temperature } : {}),
    ...(config.topP !== undefined ? { top_p: config.topP } : {}),
    ...(config.maxOutputTokens !== undefined ? { max_completion_tokens: config.maxOutputTokens } : {}),
    ...(config.stopSequences && config.stopSequences.length > 0 ? { stop: config.stopSequences } : {}),
    ...(config.presencePenalty !== undefined ? { presence_penalty: config.presencePenalty } : {}),
    ...(config.frequencyPenalty !== undefined ? { frequency_penalty: config.frequencyPenalty } : {}),
    ...(config.seed !== undefined ? { seed: config.seed } : {}),
    ...(tools.length > 0 ? { tools } : {}),
    ...(toolChoice ? { tool_choice: toolChoice } : {}),
    ...(effort ? { reasoning_effort: effort } : {}),
    ...(format ? { response_format: format } : {}),
  };
}
