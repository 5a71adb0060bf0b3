import { describe, expect, it } from 'vitest';
import { AppError } from '../../../../app/errors.ts';
import type { CanonicalChunk } from '../canonical.ts';
import { AnthropicStreamReader, AnthropicStreamError } from './anthropic-stream-reader.ts';
import { AnthropicStreamWriter } from './anthropic-stream-writer.ts';
import type { AnthropicEvent } from './anthropic-types.ts';
import { fromAnthropicRequest } from './from-anthropic-request.ts';
import { fromAnthropicResponse } from './from-anthropic-response.ts';
import { toAnthropicRequest } from './to-anthropic-request.ts';
import { toAnthropicResponse } from './to-anthropic-response.ts';

const png = 'iVBORw0KGgo=';

describe('Chat Completions → Anthropic Messages', () => {
  it('moves system turns to `system`, tool turns to tool_result blocks and images to image blocks', () => {
    const body = toAnthropicRequest(
      {
        model: 'claude-haiku-4-5',
        messages: [
          { role: 'system', content: 'Be brief.' },
          { role: 'user', content: [{ type: 'text', text: 'What is this?' }, { type: 'image_url', image_url: { url: `data:image/png;base64,${png}` } }] },
          { role: 'assistant', content: null, tool_calls: [{ id: 'call_1', type: 'function', function: { name: 'look', arguments: '{"q":"x"}' } }] },
          { role: 'tool', tool_call_id: 'call_1', content: 'a cat' },
          { role: 'user', content: 'thanks' },
        ],
        tools: [{ type: 'function', function: { name: 'look', parameters: { type: 'object', properties: { q: { type: 'string' } } } } }],
        tool_choice: 'required',
        stop: 'END',
        max_tokens: 300,
        stream: true,
      },
      'claude-haiku-4-5',
    );
    expect(body.system).toBe('Be brief.');
    expect(body.max_tokens).toBe(300);
    expect(body.stop_sequences).toEqual(['END']);
    expect(body.tool_choice).toEqual({ type: 'any' });
    expect(body.tools).toEqual([{ name: 'look', input_schema: { type: 'object', properties: { q: { type: 'string' } } } }]);
    expect(body.messages).toEqual([
      { role: 'user', content: [{ type: 'text', text: 'What is this?' }, { type: 'image', source: { type: 'base64', media_type: 'image/png', data: png } }] },
      { role: 'assistant', content: [{ type: 'tool_use', id: 'call_1', name: 'look', input: { q: 'x' } }] },
      { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'call_1', content: 'a cat' }, { type: 'text', text: 'thanks' }] },
    ]);
  });

  it('turns a reasoning effort into a budget on older Claude models and into adaptive effort on Claude 5', () => {
    const budget = toAnthropicRequest({ model: 'm', messages: [{ role: 'user', content: 'hi' }], reasoning_effort: 'low', max_completion_tokens: 1000 }, 'claude-sonnet-4-6');
    expect(budget.thinking).toEqual({ type: 'enabled', budget_tokens: 1024 });
    expect(budget.max_tokens).toBe(2024);
    const adaptive = toAnthropicRequest({ model: 'm', messages: [{ role: 'user', content: 'hi' }], reasoning_effort: 'high' }, 'claude-opus-5');
    expect(adaptive.thinking).toEqual({ type: 'adaptive', display: 'summarized' });
    expect(adaptive.output_config).toEqual({ effort: 'high' });
  });

  it('answers 400 naming what it cannot express', () => {
    const refuse = (extra: Record<string, unknown>) => () => toAnthropicRequest({ model: 'm', messages: [{ role: 'user', content: 'hi' }], ...extra }, 'claude-haiku-4-5');
    expect(refuse({ n: 2 })).toThrow(/^n cannot be translated/);
    expect(refuse({ logprobs: true })).toThrow(/^logprobs cannot be translated/);
    expect(refuse({ messages: [{ role: 'user', content: [{ type: 'input_audio', input_audio: {} }] }] })).toThrow(/messages\.0\.content\.0\.type 'input_audio'/);
    try {
      refuse({ audio: { voice: 'x' } })();
    } catch (error) {
      expect(error).toBeInstanceOf(AppError);
      expect((error as AppError).status).toBe(400);
      expect((error as AppError).data).toEqual({ param: 'audio' });
    }
  });
});

describe('Anthropic answers → Chat Completions', () => {
  it('reads a whole message: text, thinking, tool use, stop reason and usage with cached input', () => {
    const completion = fromAnthropicResponse(
      {
        id: 'msg_1',
        type: 'message',
        role: 'assistant',
        model: 'claude-haiku-4-5',
        content: [{ type: 'thinking', thinking: 'hmm', signature: 's' }, { type: 'text', text: 'Let me look.' }, { type: 'tool_use', id: 'toolu_1', name: 'look', input: { q: 1 } }],
        stop_reason: 'tool_use',
        stop_sequence: null,
        usage: { input_tokens: 10, output_tokens: 5, cache_read_input_tokens: 90, cache_creation_input_tokens: 0 },
      },
      1,
    );
    expect(completion.choices[0]).toEqual({
      index: 0,
      message: { role: 'assistant', content: 'Let me look.', reasoning_content: 'hmm', tool_calls: [{ id: 'toolu_1', type: 'function', function: { name: 'look', arguments: '{"q":1}' } }] },
      finish_reason: 'tool_calls',
    });
    expect(completion.usage).toMatchObject({ prompt_tokens: 100, completion_tokens: 5, prompt_tokens_details: { cached_tokens: 90 } });
  });

  it('reads stream events into chunks and throws the stream error event', () => {
    const reader = new AnthropicStreamReader('claude-haiku-4-5', 1);
    const events: AnthropicEvent[] = [
      { type: 'message_start', message: { id: 'msg_1', type: 'message', role: 'assistant', model: 'claude-haiku-4-5', content: [], stop_reason: null, stop_sequence: null, usage: { input_tokens: 7, output_tokens: 1 } } },
      { type: 'content_block_start', index: 0, content_block: { type: 'thinking', thinking: '' } },
      { type: 'content_block_delta', index: 0, delta: { type: 'thinking_delta', thinking: 'why' } },
      { type: 'content_block_delta', index: 0, delta: { type: 'signature_delta', signature: 'sig' } },
      { type: 'content_block_start', index: 1, content_block: { type: 'text', text: '' } },
      { type: 'ping' },
      { type: 'content_block_delta', index: 1, delta: { type: 'text_delta', text: 'Hi' } },
      { type: 'content_block_start', index: 2, content_block: { type: 'tool_use', id: 'toolu_9', name: 'look', input: {} } },
      { type: 'content_block_delta', index: 2, delta: { type: 'input_json_delta', partial_json: '{"q":' } },
      { type: 'content_block_delta', index: 2, delta: { type: 'input_json_delta', partial_json: '2}' } },
      { type: 'message_delta', delta: { stop_reason: 'tool_use', stop_sequence: null }, usage: { output_tokens: 12 } },
      { type: 'message_stop' },
    ];
    const deltas = events.flatMap((e) => reader.read(e)).map((c) => [c.choices[0]!.delta, c.choices[0]!.finish_reason]);
    expect(deltas).toEqual([
      [{ role: 'assistant', content: '' }, null],
      [{ reasoning_content: 'why' }, null],
      [{ content: 'Hi' }, null],
      [{ tool_calls: [{ index: 0, id: 'toolu_9', type: 'function', function: { name: 'look', arguments: '' } }] }, null],
      [{ tool_calls: [{ index: 0, function: { arguments: '{"q":' } }] }, null],
      [{ tool_calls: [{ index: 0, function: { arguments: '2}' } }] }, null],
      [{}, 'tool_calls'],
    ]);
    expect(reader.usageChunk().usage).toMatchObject({ prompt_tokens: 7, completion_tokens: 12, total_tokens: 19 });
    expect(() => reader.read({ type: 'error', error: { type: 'overloaded_error', message: 'Overloaded' } })).toThrow(AnthropicStreamError);
  });
});

describe('Anthropic Messages in, another model out', () => {
  it('turns tool results into tool messages, pictures in them into a user message, thinking into a reasoning effort', () => {
    const request = fromAnthropicRequest({
      model: 'gpt-6-luna',
      max_tokens: 500,
      system: [{ type: 'text', text: 'You are Claude Code.', cache_control: { type: 'ephemeral' } }],
      thinking: { type: 'enabled', budget_tokens: 8000 },
      messages: [
        { role: 'user', content: 'read it' },
        { role: 'assistant', content: [{ type: 'thinking', thinking: 'plan', signature: 'x' }, { type: 'tool_use', id: 'toolu_1', name: 'Read', input: { path: 'a.png' } }] },
        {
          role: 'user',
          content: [
            { type: 'tool_result', tool_use_id: 'toolu_1', content: [{ type: 'text', text: 'the file' }, { type: 'image', source: { type: 'base64', media_type: 'image/png', data: png } }] },
            { type: 'text', text: 'what now?' },
          ],
        },
      ],
      tools: [{ name: 'Read', input_schema: { type: 'object' } }],
      stream: true,
    });
    expect(request).toMatchObject({ model: 'gpt-6-luna', max_completion_tokens: 500, reasoning_effort: 'medium', stream: true, stream_options: { include_usage: true } });
    expect(request.messages).toEqual([
      { role: 'system', content: 'You are Claude Code.' },
      { role: 'user', content: 'read it' },
      { role: 'assistant', content: null, reasoning_content: 'plan', tool_calls: [{ id: 'toolu_1', type: 'function', function: { name: 'Read', arguments: '{"path":"a.png"}' } }] },
      { role: 'tool', tool_call_id: 'toolu_1', content: 'the file' },
      { role: 'user', content: [{ type: 'image_url', image_url: { url: `data:image/png;base64,${png}` } }, { type: 'text', text: 'what now?' }] },
    ]);
    expect(request.tools).toEqual([{ type: 'function', function: { name: 'Read', parameters: { type: 'object' } } }]);
  });

  it('refuses server tools and fields it cannot carry', () => {
    const base = { model: 'gpt-6-luna', max_tokens: 10, messages: [{ role: 'user' as const, content: 'hi' }] };
    expect(() => fromAnthropicRequest({ ...base, tools: [{ name: 'web_search', type: 'web_search_20250305' }] })).toThrow(/tools\.0\.type 'web_search_20250305'/);
    expect(() => fromAnthropicRequest({ ...base, top_k: 5 })).toThrow(/^top_k cannot be translated/);
    expect(() => fromAnthropicRequest({ ...base, container: 'c' })).toThrow(/^container cannot be translated/);
  });

  it('writes chunks as Anthropic events: blocks per run, stop reason and usage at the end', () => {
    const writer = new AnthropicStreamWriter('gpt-6-luna');
    const chunk = (delta: CanonicalChunk['choices'][number]['delta'], finish: CanonicalChunk['choices'][number]['finish_reason'] = null): CanonicalChunk => ({
      id: 'c',
      object: 'chat.completion.chunk',
      created: 1,
      model: 'gpt-6-luna',
      choices: [{ index: 0, delta, finish_reason: finish }],
    });
    const events = [
      ...writer.write(chunk({ role: 'assistant', content: '' })),
      ...writer.write(chunk({ content: 'Hel' })),
      ...writer.write(chunk({ content: 'lo' })),
      ...writer.write(chunk({ tool_calls: [{ index: 0, id: 'call_1', type: 'function', function: { name: 'f', arguments: '{"a"' } }] })),
      ...writer.write(chunk({ tool_calls: [{ index: 0, function: { arguments: ':1}' } }] })),
      ...writer.write(chunk({}, 'tool_calls')),
      ...writer.write({ ...chunk({}), choices: [], usage: { prompt_tokens: 20, completion_tokens: 4, total_tokens: 24, prompt_tokens_details: { cached_tokens: 5 } } }),
      ...writer.end(),
    ];
    expect(events.map((e) => (e.type === 'content_block_delta' ? `${e.type}:${e.delta.type}` : e.type))).toEqual([
      'message_start',
      'ping',
      'content_block_start',
      'content_block_delta:text_delta',
      'content_block_delta:text_delta',
      'content_block_stop',
      'content_block_start',
      'content_block_delta:input_json_delta',
      'content_block_delta:input_json_delta',
      'content_block_stop',
      'message_delta',
      'message_stop',
    ]);
    expect(events.at(-2)).toEqual({ type: 'message_delta', delta: { stop_reason: 'tool_use', stop_sequence: null }, usage: { input_tokens: 15, output_tokens: 4, cache_creation_input_tokens: 0, cache_read_input_tokens: 5 } });
    expect(events[6]).toEqual({ type: 'content_block_start', index: 1, content_block: { type: 'tool_use', id: 'call_1', name: 'f', input: {} } });
  });

  it('writes a whole completion as a message', () => {
    const message = toAnthropicResponse(
      { id: 'c', object: 'chat.completion', created: 1, model: 'gpt', choices: [{ index: 0, message: { role: 'assistant', content: 'Hi', tool_calls: [{ id: 'call_1', type: 'function', function: { name: 'f', arguments: '{"a":1}' } }] }, finish_reason: 'length' }] },
      'gpt-6-luna',
    );
    expect(message).toMatchObject({ type: 'message', model: 'gpt-6-luna', stop_reason: 'max_tokens', content: [{ type: 'text', text: 'Hi' }, { type: 'tool_use', id: 'call_1', name: 'f', input: { a: 1 } }] });
  });
});
