import type { CanonicalChunk, CanonicalUsage } from '../canonical.ts';
import type { AnthropicEvent, AnthropicUsage } from './anthropic-types.ts';
import { canonicalUsage, finishOfStop } from './from-anthropic-response.ts';

/** An `event: error` inside a streamed answer, with Anthropic's own error object for the caller's classification. */
export class AnthropicStreamError extends Error {
  constructor(readonly error: { type: string; message: string }) {
    super(`${error.type}: ${error.message}`);
    this.name = 'AnthropicStreamError';
  }
}

/**
 * Reads Anthropic's stream events into `chat.completion.chunk`s, one event at a time: text as
 * `content`, thinking as `reasoning_content`, each `tool_use` block as the next tool call index
 * with its JSON arriving as `arguments`. The finish reason comes with `message_delta`; the usage
 * (input from `message_start`, output from `message_delta`) in a last chunk with no choices, as
 * `stream_options.include_usage` asks.
 */
export class AnthropicStreamReader {
  private id = '';
  private model: string;
  private usage: AnthropicUsage = {};
  private readonly toolIndexOfBlock = new Map<number, number>();
  private nextToolIndex = 0;

  constructor(model: string, private readonly created: number) {
    this.model = model;
  }

  private chunk(delta: CanonicalChunk['choices'][number]['delta'], finish: CanonicalChunk['choices'][number]['finish_reason'] = null): CanonicalChunk {
    return { id: this.id, object: 'chat.completion.chunk', created: this.created, model: this.model, choices: [{ index: 0, delta, finish_reason: finish }] };
  }

  /** The chunks one event gives (none for pings, block stops and signatures). */
  read(event: AnthropicEvent): CanonicalChunk[] {
    switch (event.type) {
      case 'message_start':
        this.id = event.message.id;
        this.model = event.message.model || this.model;
        this.usage = { ...event.message.usage };
        return [this.chunk({ role: 'assistant', content: '' })];
      case 'content_block_start':
        if (event.content_block.type === 'tool_use') {
          const index = this.nextToolIndex++;
          this.toolIndexOfBlock.set(event.index, index);
          return [this.chunk({ tool_calls: [{ index, id: String(event.content_block.id), type: 'function', function: { name: String(event.content_block.name), arguments: '' } }] })];
        }
        if (event.content_block.type === 'text' && event.content_block.text) return [this.chunk({ content: String(event.content_block.text) })];
        return [];
      case 'content_block_delta':
        return this.delta(event);
      case 'message_delta':
        this.usage = { ...this.usage, ...definedOnly(event.usage) };
        return [this.chunk({}, finishOfStop(event.delta.stop_reason))];
      case 'error':
        throw new AnthropicStreamError(event.error);
      default:
        return [];
    }
  }

  private delta(event: Extract<AnthropicEvent, { type: 'content_block_delta' }>): CanonicalChunk[] {
    const { delta } = event;
    if (delta.type === 'text_delta' && delta.text) return [this.chunk({ content: delta.text })];
    if (delta.type === 'thinking_delta' && delta.thinking) return [this.chunk({ reasoning_content: delta.thinking })];
    if (delta.type === 'input_json_delta' && delta.partial_json) {
      const index = this.toolIndexOfBlock.get(event.index);
      if (index === undefined) return [];
      return [this.chunk({ tool_calls: [{ index, function: { arguments: delta.partial_json } }] })];
    }
    return [];
  }

  /** The usage so far in Chat Completions' terms. */
  totalUsage(): CanonicalUsage {
    return canonicalUsage(this.usage);
  }

  /** The closing usage chunk (no choices). */
  usageChunk(): CanonicalChunk {
    return { id: this.id, object: 'chat.completion.chunk', created: this.created, model: this.model, choices: [], usage: this.totalUsage() };
  }
}

/** `message_delta` usage fields Anthropic left null do not erase what `message_start` said. */
function definedOnly(usage: AnthropicUsage): AnthropicUsage {
  return Object.fromEntries(Object.entries(usage).filter(([, value]) => value !== null && value !== undefined)) as AnthropicUsage;
}
