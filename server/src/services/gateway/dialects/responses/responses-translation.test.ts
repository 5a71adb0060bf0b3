import type { ResponsesRequest } from '@parley/core';
import { describe, expect, it } from 'vitest';
import type { CanonicalChunk } from '../canonical.ts';
import { fromResponsesRequest } from './from-responses-request.ts';
import { ResponsesStreamWriter } from './responses-stream-writer.ts';

describe('Responses in, another model out', () => {
  it('reads instructions, messages, function calls with their outputs and reasoning summaries', () => {
    const request = fromResponsesRequest({
      model: 'claude-haiku-4-5',
      instructions: 'You are Codex.',
      input: [
        { type: 'message', role: 'user', content: [{ type: 'input_text', text: 'list files' }] },
        { type: 'reasoning', summary: [{ type: 'summary_text', text: 'I should run ls' }] },
        { type: 'function_call', call_id: 'call_1', name: 'shell', arguments: '{"cmd":"ls"}' },
        { type: 'function_call_output', call_id: 'call_1', output: 'a.txt' },
      ],
      tools: [{ type: 'function', name: 'shell', parameters: { type: 'object' }, strict: false }],
      reasoning: { effort: 'high', summary: 'auto' },
      max_output_tokens: 200,
      stream: true,
      store: false,
      include: ['reasoning.encrypted_content'],
    });
    expect(request).toMatchObject({ model: 'claude-haiku-4-5', reasoning_effort: 'high', max_completion_tokens: 200, stream: true, stream_options: { include_usage: true } });
    expect(request.messages).toEqual([
      { role: 'system', content: 'You are Codex.' },
      { role: 'user', content: [{ type: 'text', text: 'list files' }] },
      { role: 'assistant', content: null, reasoning_content: 'I should run ls', tool_calls: [{ id: 'call_1', type: 'function', function: { name: 'shell', arguments: '{"cmd":"ls"}' } }] },
      { role: 'tool', tool_call_id: 'call_1', content: 'a.txt' },
    ]);
  });

  it('answers 400 for previous_response_id and tools that run at OpenAI', () => {
    expect(() => fromResponsesRequest({ model: 'm', input: 'hi', previous_response_id: 'resp_1' })).toThrow(/^previous_response_id cannot be translated/);
    expect(() => fromResponsesRequest({ model: 'm', input: 'hi', tools: [{ type: 'web_search' }] })).toThrow(/tools\.0\.type 'web_search'/);
    expect(() => fromResponsesRequest({ model: 'm', input: [{ type: 'item_reference', id: 'x' }] })).toThrow(/input\.0\.type 'item_reference'/);
  });
});

describe('Chat Completions chunks → Responses events', () => {
  const request: ResponsesRequest = { model: 'claude-haiku-4-5', input: 'hi', stream: true };
  const chunk = (delta: CanonicalChunk['choices'][number]['delta'], finish: CanonicalChunk['choices'][number]['finish_reason'] = null): CanonicalChunk => ({ id: 'c', object: 'chat.completion.chunk', created: 1, model: 'm', choices: [{ index: 0, delta, finish_reason: finish }] });

  it('opens one item per run and completes the response with usage', () => {
    const writer = new ResponsesStreamWriter(request, 'claude-haiku-4-5');
    const events = [
      ...writer.start(),
      ...writer.write(chunk({ role: 'assistant', reasoning_content: 'think' })),
      ...writer.write(chunk({ content: 'Hel' })),
      ...writer.write(chunk({ content: 'lo' })),
      ...writer.write(chunk({ tool_calls: [{ index: 0, id: 'toolu_1', function: { name: 'f', arguments: '{}' } }] }, 'tool_calls')),
      ...writer.write({ ...chunk({}), choices: [], usage: { prompt_tokens: 9, completion_tokens: 4, total_tokens: 13 } }),
      ...writer.end(),
    ];
    expect(events.map((e) => e.type)).toEqual([
      'response.created',
      'response.in_progress',
      'response.output_item.added',
      'response.reasoning_summary_part.added',
      'response.reasoning_summary_text.delta',
      'response.reasoning_summary_text.done',
      'response.reasoning_summary_part.done',
      'response.output_item.done',
      'response.output_item.added',
      'response.content_part.added',
      'response.output_text.delta',
      'response.output_text.delta',
      'response.output_text.done',
      'response.content_part.done',
      'response.output_item.done',
      'response.output_item.added',
      'response.function_call_arguments.delta',
      'response.function_call_arguments.done',
      'response.output_item.done',
      'response.completed',
    ]);
    expect(events.map((e) => e.sequence_number)).toEqual(events.map((_, i) => i));
    const final = events.at(-1)!.response as { output: { type: string }[]; usage: unknown; status: string };
    expect(final.status).toBe('completed');
    expect(final.output.map((o) => o.type)).toEqual(['reasoning', 'message', 'function_call']);
    expect(final.usage).toMatchObject({ input_tokens: 9, output_tokens: 4, total_tokens: 13 });
  });

  it('marks a reply cut at the output cap incomplete', () => {
    const response = ResponsesStreamWriter.fromCompletion(request, 'm', { id: 'c', object: 'chat.completion', created: 1, model: 'm', choices: [{ index: 0, message: { role: 'assistant', content: 'part' }, finish_reason: 'length' }] });
    expect(response).toMatchObject({ status: 'incomplete', incomplete_details: { reason: 'max_output_tokens' }, output: [{ type: 'message', content: [{ type: 'output_text', text: 'part' }] }] });
  });
});
