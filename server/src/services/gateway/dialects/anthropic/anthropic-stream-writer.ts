import type { CanonicalChunk, CanonicalFinishReason, CanonicalUsage } from '../canonical.ts';
import type { AnthropicEvent } from './anthropic-types.ts';
import { anthropicMessageId, anthropicUsage, stopOfFinish } from './to-anthropic-response.ts';

type OpenBlock = { kind: 'text' | 'thinking' } | { kind: 'tool'; toolIndex: number };

/**
 * Writes Chat Completions chunks as Anthropic stream events for a client speaking Messages:
 * `message_start` first, one content block per run of text, reasoning (a `thinking` block) or
 * tool call (a `tool_use` block, its arguments as `input_json_delta`), and at the end
 * `message_delta` with the stop reason and usage, then `message_stop`.
 */
export class AnthropicStreamWriter {
  private started = false;
  private open: OpenBlock | undefined;
  private blockIndex = -1;
  private finish: CanonicalFinishReason | null = null;
  private usage: CanonicalUsage | null = null;
  private readonly id = anthropicMessageId();

  constructor(private readonly model: string) {}

  private start(): AnthropicEvent[] {
    if (this.started) return [];
    this.started = true;
    const usage = anthropicUsage(null);
    return [
      { type: 'message_start', message: { id: this.id, type: 'message', role: 'assistant', model: this.model, content: [], stop_reason: null, stop_sequence: null, usage: { ...usage, output_tokens: 0 } } },
      // Anthropic pings right after the start; clients that wait for it find it.
      { type: 'ping' },
    ];
  }

  private closeBlock(): AnthropicEvent[] {
    if (!this.open) return [];
    const events: AnthropicEvent[] = [];
    // Claude's thinking blocks end with a signature; one from another model has none to give.
    if (this.open.kind === 'thinking') events.push({ type: 'content_block_delta', index: this.blockIndex, delta: { type: 'signature_delta', signature: '' } });
    events.push({ type: 'content_block_stop', index: this.blockIndex });
    this.open = undefined;
    return events;
  }

  private openBlock(block: OpenBlock, contentBlock: Record<string, unknown> & { type: string }): AnthropicEvent[] {
    const events = this.closeBlock();
    this.blockIndex += 1;
    this.open = block;
    events.push({ type: 'content_block_start', index: this.blockIndex, content_block: contentBlock });
    return events;
  }

  /** The events of one chunk. */
  write(chunk: CanonicalChunk): AnthropicEvent[] {
    const events = this.start();
    if (chunk.usage) this.usage = chunk.usage;
    const choice = chunk.choices[0];
    if (!choice) return events;
    const { delta } = choice;
    if (delta.reasoning_content) {
      if (this.open?.kind !== 'thinking') events.push(...this.openBlock({ kind: 'thinking' }, { type: 'thinking', thinking: '', signature: '' }));
      events.push({ type: 'content_block_delta', index: this.blockIndex, delta: { type: 'thinking_delta', thinking: delta.reasoning_content } });
    }
    const text = delta.content || delta.refusal;
    if (text) {
      if (this.open?.kind !== 'text') events.push(...this.openBlock({ kind: 'text' }, { type: 'text', text: '' }));
      events.push({ type: 'content_block_delta', index: this.blockIndex, delta: { type: 'text_delta', text } });
    }
    for (const call of delta.tool_calls ?? []) {
      const sameCall = this.open?.kind === 'tool' && this.open.toolIndex === call.index;
      if (!sameCall) {
        events.push(...this.openBlock({ kind: 'tool', toolIndex: call.index }, { type: 'tool_use', id: call.id ?? `toolu_${call.index}`, name: call.function?.name ?? '', input: {} }));
      }
      if (call.function?.arguments) events.push({ type: 'content_block_delta', index: this.blockIndex, delta: { type: 'input_json_delta', partial_json: call.function.arguments } });
    }
    if (choice.finish_reason) this.finish = choice.finish_reason;
    return events;
  }

  /** The closing events, once the upstream stream has ended (its usage chunk comes after the finish). */
  end(): AnthropicEvent[] {
    const events = [...this.start(), ...this.closeBlock()];
    const usage = anthropicUsage(this.usage);
    events.push({ type: 'message_delta', delta: { stop_reason: stopOfFinish(this.finish), stop_sequence: null }, usage });
    events.push({ type: 'message_stop' });
    return events;
  }
}
