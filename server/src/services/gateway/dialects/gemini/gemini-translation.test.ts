import { describe, expect, it } from 'vitest';
import type { CanonicalChunk } from '../canonical.ts';
import { fromGeminiRequest } from './from-gemini-request.ts';
import { fromGeminiResponse, GeminiStreamReader } from './from-gemini-response.ts';
import { signatureOf, toolCallIdOf, unsignedCallSignature } from './thought-signature.ts';
import { toGeminiRequest } from './to-gemini-request.ts';
import { GeminiStreamWriter, toGeminiResponse } from './to-gemini-response.ts';

const png = 'iVBORw0KGgo=';

describe('Chat Completions → Gemini', () => {
  it('writes system, contents, function calls with their signatures and function responses by name', () => {
    const signed = toolCallIdOf('CiQBVKhc7fake0signature0of0the0thinking');
    const body = toGeminiRequest(
      {
        model: 'gemini-3.7-flash',
        messages: [
          { role: 'system', content: 'Be brief.' },
          { role: 'user', content: [{ type: 'text', text: 'look' }, { type: 'image_url', image_url: { url: `data:image/png;base64,${png}` } }] },
          { role: 'assistant', content: null, tool_calls: [{ id: signed, type: 'function', function: { name: 'look', arguments: '{"q":"x"}' } }] },
          { role: 'tool', tool_call_id: signed, content: 'a cat' },
        ],
        tools: [{ type: 'function', function: { name: 'look', description: 'Looks', parameters: { type: 'object' } } }],
        tool_choice: { type: 'function', function: { name: 'look' } },
        max_completion_tokens: 100,
        response_format: { type: 'json_object' },
        reasoning_effort: 'low',
      },
      'gemini-3.7-flash',
    );
    expect(body.systemInstruction).toEqual({ parts: [{ text: 'Be brief.' }] });
    expect(body.contents).toEqual([
      { role: 'user', parts: [{ text: 'look' }, { inlineData: { mimeType: 'image/png', data: png } }] },
      { role: 'model', parts: [{ functionCall: { name: 'look', args: { q: 'x' } }, thoughtSignature: 'CiQBVKhc7fake0signature0of0the0thinking' }] },
      { role: 'user', parts: [{ functionResponse: { name: 'look', response: { content: 'a cat' } } }] },
    ]);
    expect(body.tools).toEqual([{ functionDeclarations: [{ name: 'look', description: 'Looks', parametersJsonSchema: { type: 'object' } }] }]);
    expect(body.toolConfig).toEqual({ functionCallingConfig: { mode: 'ANY', allowedFunctionNames: ['look'] } });
    expect(body.generationConfig).toEqual({ maxOutputTokens: 100, responseMimeType: 'application/json', thinkingConfig: { includeThoughts: true, thinkingLevel: 'low' } });
  });

  it('asks Gemini 3 for a thinking level and Gemini 2.5 for a budget', () => {
    const config = (model: string) => toGeminiRequest({ model: 'm', messages: [{ role: 'user', content: 'hi' }], reasoning_effort: 'high' }, model).generationConfig;
    expect(config('gemini-3.7-flash')).toEqual({ thinkingConfig: { includeThoughts: true, thinkingLevel: 'high' } });
    expect(config('gemini-2.5-flash-lite')).toEqual({ thinkingConfig: { includeThoughts: true, thinkingBudget: 24_576 } });
  });

  it('signs a call another model made with the validator skip a thinking Gemini accepts', () => {
    const body = toGeminiRequest(
      { model: 'm', messages: [{ role: 'user', content: 'a' }, { role: 'assistant', tool_calls: [{ id: 'toolu_1', type: 'function', function: { name: 'f', arguments: '{}' } }] }, { role: 'tool', tool_call_id: 'toolu_1', content: 'ok' }] },
      'gemini-3.7-flash',
    );
    expect(body.contents[1]!.parts![0]!.thoughtSignature).toBe(unsignedCallSignature);
  });

  it('answers 400 for an image by URL, an unknown tool answer and fields it cannot carry', () => {
    const refuse = (extra: Record<string, unknown>) => () => toGeminiRequest({ model: 'm', messages: [{ role: 'user', content: 'hi' }], ...extra }, 'gemini-3.7-flash');
    expect(refuse({ messages: [{ role: 'user', content: [{ type: 'image_url', image_url: { url: 'https://example.org/a.png' } }] }] })).toThrow(/image_url\.url cannot be translated to Gemini/);
    expect(refuse({ messages: [{ role: 'tool', tool_call_id: 'nope', content: 'x' }] })).toThrow(/messages\.0\.tool_call_id/);
    expect(refuse({ logit_bias: { 1: 2 } })).toThrow(/^logit_bias cannot be translated/);
  });

  it('keeps a thought signature through the tool call id', () => {
    expect(signatureOf(toolCallIdOf('Zm9vYmFyK2Jheg=='))).toBe('Zm9vYmFyK2Jheg==');
    expect(toolCallIdOf('Zm9v+/==')).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(signatureOf('call_abc')).toBeUndefined();
  });
});

describe('Gemini answers → Chat Completions', () => {
  it('reads thoughts, text, calls, finish and usage (thoughts inside completion tokens)', () => {
    const completion = fromGeminiResponse(
      {
        candidates: [{ content: { role: 'model', parts: [{ text: 'hm', thought: true }, { text: 'Hi' }, { functionCall: { name: 'f', args: { a: 1 } }, thoughtSignature: 'c2ln' }] }, finishReason: 'STOP' }],
        usageMetadata: { promptTokenCount: 8, candidatesTokenCount: 3, thoughtsTokenCount: 5 },
        modelVersion: 'gemini-3.7-flash',
      },
      'gemini-3.7-flash',
      'id',
      1,
    );
    expect(completion.choices[0]!.message).toMatchObject({ content: 'Hi', reasoning_content: 'hm', tool_calls: [{ function: { name: 'f', arguments: '{"a":1}' } }] });
    expect(completion.choices[0]!.finish_reason).toBe('tool_calls');
    expect(signatureOf(completion.choices[0]!.message.tool_calls![0]!.id)).toBe('c2ln');
    expect(completion.usage).toMatchObject({ prompt_tokens: 8, completion_tokens: 8, completion_tokens_details: { reasoning_tokens: 5 } });
  });

  it('reads stream frames, a safety stop and a refused prompt', () => {
    const reader = new GeminiStreamReader('gemini-3.7-flash', 'id', 1);
    const first = reader.read({ candidates: [{ content: { parts: [{ text: 'He' }] } }] });
    expect(first[0]!.choices[0]!.delta).toEqual({ role: 'assistant', content: 'He' });
    const last = reader.read({ candidates: [{ content: { parts: [{ text: 'y' }] }, finishReason: 'SAFETY' }], usageMetadata: { promptTokenCount: 3, candidatesTokenCount: 2 } });
    expect(last[0]!.choices[0]!.finish_reason).toBe('content_filter');
    expect(reader.usageChunk().usage).toMatchObject({ prompt_tokens: 3, completion_tokens: 2 });
    const blocked = new GeminiStreamReader('m', 'id', 1).read({ promptFeedback: { blockReason: 'SAFETY' } });
    expect(blocked[0]!.choices[0]!.finish_reason).toBe('content_filter');
  });
});

describe('Gemini in, another model out', () => {
  it('reads contents, function calls and responses, OpenAPI schemas and the generation config', () => {
    const request = fromGeminiRequest(
      {
        systemInstruction: { parts: [{ text: 'sys' }] },
        contents: [
          { role: 'user', parts: [{ text: 'hi' }, { inlineData: { mimeType: 'application/pdf', data: 'JVBERi0=' } }] },
          { role: 'model', parts: [{ functionCall: { name: 'ls', args: { dir: '.' } } }] },
          { role: 'user', parts: [{ functionResponse: { name: 'ls', response: { output: 'a b' } } }] },
        ],
        tools: [{ functionDeclarations: [{ name: 'ls', parameters: { type: 'OBJECT', properties: { dir: { type: 'STRING', nullable: true } } } }] }],
        toolConfig: { functionCallingConfig: { mode: 'ANY' } },
        generationConfig: { temperature: 0.2, maxOutputTokens: 64, stopSequences: ['x'], thinkingConfig: { thinkingBudget: 4000, includeThoughts: true } },
      },
      'claude-haiku-4-5',
      true,
    );
    expect(request).toMatchObject({ model: 'claude-haiku-4-5', temperature: 0.2, max_completion_tokens: 64, stop: ['x'], tool_choice: 'required', reasoning_effort: 'medium', stream: true });
    expect(request.messages).toEqual([
      { role: 'system', content: 'sys' },
      { role: 'user', content: [{ type: 'text', text: 'hi' }, { type: 'file', file: { filename: 'document.pdf', file_data: 'data:application/pdf;base64,JVBERi0=' } }] },
      { role: 'assistant', content: null, tool_calls: [{ id: 'call_0_ls', type: 'function', function: { name: 'ls', arguments: '{"dir":"."}' } }] },
      { role: 'tool', tool_call_id: 'call_0_ls', content: '{"output":"a b"}' },
    ]);
    expect(request.tools![0]!.function.parameters).toEqual({ type: 'object', properties: { dir: { type: ['string', 'null'] } } });
  });

  it('refuses Google-run tools, topK and an answer to no call', () => {
    const contents = [{ role: 'user', parts: [{ text: 'hi' }] }];
    expect(() => fromGeminiRequest({ contents, tools: [{ googleSearch: {} }] }, 'gpt', false)).toThrow(/tools\.0\.googleSearch/);
    expect(() => fromGeminiRequest({ contents, generationConfig: { topK: 3 } }, 'gpt', false)).toThrow(/generationConfig\.topK/);
    expect(() => fromGeminiRequest({ contents: [{ role: 'user', parts: [{ functionResponse: { name: 'x', response: {} } }] }] }, 'gpt', false)).toThrow(/answers no earlier functionCall/);
  });

  it('writes chunks as frames, function calls whole in the last frame with finish and usage', () => {
    const writer = new GeminiStreamWriter('gpt-6-luna', 'r1');
    const chunk = (delta: CanonicalChunk['choices'][number]['delta'], finish: CanonicalChunk['choices'][number]['finish_reason'] = null): CanonicalChunk => ({ id: 'c', object: 'chat.completion.chunk', created: 1, model: 'm', choices: [{ index: 0, delta, finish_reason: finish }] });
    const frames = [
      ...writer.write(chunk({ role: 'assistant', content: 'Hi' })),
      ...writer.write(chunk({ tool_calls: [{ index: 0, id: 'call_1', function: { name: 'f', arguments: '{"a"' } }] })),
      ...writer.write(chunk({ tool_calls: [{ index: 0, function: { arguments: ':2}' } }] }, 'tool_calls')),
      ...writer.write({ ...chunk({}), choices: [], usage: { prompt_tokens: 5, completion_tokens: 3, total_tokens: 8 } }),
      ...writer.end(),
    ];
    expect(frames).toHaveLength(2);
    expect(frames[0]!.candidates![0]!.content!.parts).toEqual([{ text: 'Hi' }]);
    expect(frames[1]).toMatchObject({
      candidates: [{ content: { role: 'model', parts: [{ functionCall: { id: 'call_1', name: 'f', args: { a: 2 } } }] }, finishReason: 'STOP' }],
      usageMetadata: { promptTokenCount: 5, candidatesTokenCount: 3, totalTokenCount: 8 },
    });
    const whole = toGeminiResponse({ id: 'c', object: 'chat.completion', created: 1, model: 'm', choices: [{ index: 0, message: { role: 'assistant', content: 'ok' }, finish_reason: 'length' }] }, 'gpt-6-luna');
    expect(whole.candidates![0]).toMatchObject({ content: { parts: [{ text: 'ok' }] }, finishReason: 'MAX_TOKENS' });
  });
});
