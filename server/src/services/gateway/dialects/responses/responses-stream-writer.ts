import { randomBytes } from 'node:crypto';
import type { ResponsesRequest } from '@parley/core';
import type { CanonicalChunk, CanonicalCompletion, CanonicalFinishReason, CanonicalUsage } from '../canonical.ts';

type Item =
  | { type: 'reasoning'; id: string; summary: { type: 'summary_text'; text: string }[] }
  | { type: 'message'; id: string; status: string; role: 'assistant'; content: { type: 'output_text'; text: string; annotations: []; logprobs: [] }[] }
  | { type: 'function_call'; id: string; status: string; call_id: string; name: string; arguments: string };

export type ResponsesEvent = { type: string; sequence_number: number; [key: string]: unknown };

const newId = (prefix: string) => `${prefix}_${randomBytes(16).toString('hex')}`;

function usageOf(usage: CanonicalUsage | null | undefined) {
  return {
    input_tokens: usage?.prompt_tokens ?? 0,
    input_tokens_details: { cached_tokens: usage?.prompt_tokens_details?.cached_tokens ?? 0 },
    output_tokens: usage?.completion_tokens ?? 0,
    output_tokens_details: { reasoning_tokens: usage?.completion_tokens_details?.reasoning_tokens ?? 0 },
    total_tokens: (usage?.prompt_tokens ?? 0) + (usage?.completion_tokens ?? 0),
  };
}

/**
 * Writes Chat Completions chunks as Responses stream events, and keeps the response they build:
 * `response.created` / `in_progress`, then one output item per run of reasoning (summary text),
 * text (an assistant message) or function call, each added, filled by deltas and done, and at
 * the end `response.completed` (or `incomplete` at the output cap) with the whole response.
 */
export class ResponsesStreamWriter {
  private seq = 0;
  private readonly output: Item[] = [];
  private open: Item | undefined;
  private readonly toolItems = new Map<number, Extract<Item, { type: 'function_call' }>>();
  private finish: CanonicalFinishReason | null = null;
  private usage: CanonicalUsage | null = null;
  private readonly id = newId('resp');
  private readonly createdAt = Math.floor(Date.now() / 1000);

  constructor(private readonly request: ResponsesRequest, private readonly model: string) {}

  private event(type: string, fields: Record<string, unknown>): ResponsesEvent {
    return { type, sequence_number: this.seq++, ...fields };
  }

  /** The response object in its current state. */
  response(status: 'in_progress' | 'completed' | 'incomplete' | 'failed'): Record<string, unknown> {
    const { request } = this;
    return {
      id: this.id,
      object: 'response',
      created_at: this.createdAt,
      status,
      error: null,
      incomplete_details: status === 'incomplete' ? { reason: 'max_output_tokens' } : null,
      instructions: request.instructions ?? null,
      max_output_tokens: request.max_output_tokens ?? null,
      model: this.model,
      output: status === 'in_progress' ? [] : this.output,
      parallel_tool_calls: request.parallel_tool_calls ?? true,
      previous_response_id: null,
      reasoning: request.reasoning ?? null,
      store: false,
      temperature: request.temperature ?? null,
      text: { format: request.text?.format ?? { type: 'text' } },
      tool_choice: request.tool_choice ?? 'auto',
      tools: request.tools ?? [],
      top_p: request.top_p ?? null,
      truncation: 'disabled',
      usage: status === 'in_progress' ? null : usageOf(this.usage),
      metadata: request.metadata ?? {},
    };
  }

  start(): ResponsesEvent[] {
    return [this.event('response.created', { response: this.response('in_progress') }), this.event('response.in_progress', { response: this.response('in_progress') })];
  }

  private index(item: Item) {
    return this.output.indexOf(item);
  }

  private close(): ResponsesEvent[] {
    const item = this.open;
    if (!item) return [];
    this.open = undefined;
    const output_index = this.index(item);
    const events: ResponsesEvent[] = [];
    if (item.type === 'reasoning') {
      const part = item.summary[0]!;
      events.push(this.event('response.reasoning_summary_text.done', { item_id: item.id, output_index, summary_index: 0, text: part.text }));
      events.push(this.event('response.reasoning_summary_part.done', { item_id: item.id, output_index, summary_index: 0, part }));
    } else if (item.type === 'message') {
      item.status = 'completed';
      const part = item.content[0]!;
      events.push(this.event('response.output_text.done', { item_id: item.id, output_index, content_index: 0, text: part.text, logprobs: [] }));
      events.push(this.event('response.content_part.done', { item_id: item.id, output_index, content_index: 0, part }));
    } else {
      item.status = 'completed';
      events.push(this.event('response.function_call_arguments.done', { item_id: item.id, output_index, name: item.name, arguments: item.arguments }));
    }
    events.push(this.event('response.output_item.done', { output_index, item }));
    return events;
  }

  private openItem(item: Item): ResponsesEvent[] {
    const events = this.close();
    this.output.push(item);
    this.open = item;
    const output_index = this.index(item);
    const shown = item.type === 'reasoning' ? { ...item, summary: [] } : item.type === 'message' ? { ...item, content: [] } : { ...item, arguments: '' };
    events.push(this.event('response.output_item.added', { output_index, item: shown }));
    if (item.type === 'reasoning') events.push(this.event('response.reasoning_summary_part.added', { item_id: item.id, output_index, summary_index: 0, part: { type: 'summary_text', text: '' } }));
    if (item.type === 'message') events.push(this.event('response.content_part.added', { item_id: item.id, output_index, content_index: 0, part: { type: 'output_text', text: '', annotations: [], logprobs: [] } }));
    return events;
  }

  write(chunk: CanonicalChunk): ResponsesEvent[] {
    if (chunk.usage) this.usage = chunk.usage;
    const choice = chunk.choices[0];
    if (!choice) return [];
    const events: ResponsesEvent[] = [];
    const { delta } = choice;
    if (delta.reasoning_content) {
      if (this.open?.type !== 'reasoning') events.push(...this.openItem({ type: 'reasoning', id: newId('rs'), summary: [{ type: 'summary_text', text: '' }] }));
      const item = this.open as Extract<Item, { type: 'reasoning' }>;
      item.summary[0]!.text += delta.reasoning_content;
      events.push(this.event('response.reasoning_summary_text.delta', { item_id: item.id, output_index: this.index(item), summary_index: 0, delta: delta.reasoning_content }));
    }
    const text = delta.content || delta.refusal;
    if (text) {
      if (this.open?.type !== 'message') events.push(...this.openItem({ type: 'message', id: newId('msg'), status: 'in_progress', role: 'assistant', content: [{ type: 'output_text', text: '', annotations: [], logprobs: [] }] }));
      const item = this.open as Extract<Item, { type: 'message' }>;
      item.content[0]!.text += text;
      events.push(this.event('response.output_text.delta', { item_id: item.id, output_index: this.index(item), content_index: 0, delta: text, logprobs: [] }));
    }
    for (const call of delta.tool_calls ?? []) {
      let item = this.toolItems.get(call.index);
      if (!item) {
        item = { type: 'function_call', id: newId('fc'), status: 'in_progress', call_id: call.id ?? newId('call'), name: call.function?.name ?? '', arguments: '' };
        this.toolItems.set(call.index, item);
        events.push(...this.openItem(item));
      }
      const piece = call.function?.arguments ?? '';
      if (piece) {
        item.arguments += piece;
        events.push(this.event('response.function_call_arguments.delta', { item_id: item.id, output_index: this.index(item), delta: piece }));
      }
    }
    if (choice.finish_reason) this.finish = choice.finish_reason;
    return events;
  }

  end(): ResponsesEvent[] {
    const events = this.close();
    const status = this.finish === 'length' ? 'incomplete' : 'completed';
    events.push(this.event(`response.${status}`, { response: this.response(status) }));
    return events;
  }

  /** A whole `chat.completion` as the final response object (the non-streamed answer). */
  static fromCompletion(request: ResponsesRequest, model: string, completion: CanonicalCompletion): Record<string, unknown> {
    const writer = new ResponsesStreamWriter(request, model);
    const message = completion.choices[0]?.message;
    writer.write({
      id: completion.id,
      object: 'chat.completion.chunk',
      created: completion.created,
      model,
      choices: [
        {
          index: 0,
          delta: {
            content: message?.content ?? null,
            reasoning_content: message?.reasoning_content ?? null,
            refusal: message?.refusal ?? null,
            tool_calls: (message?.tool_calls ?? []).map((call, index) => ({ index, id: call.id, type: 'function' as const, function: call.function })),
          },
          finish_reason: completion.choices[0]?.finish_reason ?? 'stop',
        },
      ],
      usage: completion.usage ?? null,
    });
    const final = writer.end().at(-1)!;
    return final.response as Record<string, unknown>;
  }
}
