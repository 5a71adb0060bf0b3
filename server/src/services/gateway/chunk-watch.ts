import { tokenUsageOf, type TokenUsage } from '@parley/core';

/** A chunk that carries output: text, reasoning, a refusal or a tool call (a bare role chunk does not). */
const OUTPUT = /"(?:content|reasoning_content|refusal)":"[^"]|"tool_calls":\[/;
const USAGE = '"usage":{';

/**
 * Watches the canonical chunks of one streamed call on their way to the caller, with as little
 * work per chunk as it can: a substring test for usage, and a regular expression only until the
 * first output. The usage-only chunk the gateway asked for is dropped unless the caller asked
 * for it too (`stream_options.include_usage`).
 */
export class ChunkWatch {
  /** When the first output arrived (performance.now()), or undefined. */
  firstOutputAt: number | undefined;
  usage: TokenUsage | undefined;
  /** Chunks that carried output: the produced tokens' estimate when no usage arrives (a cut stream). */
  outputChunks = 0;
  upstreamModel: string | undefined;

  constructor(
    private readonly forward: (json: string) => void,
    private readonly callerWantsUsage: boolean,
  ) {}

  readonly onChunk = (json: string): void => {
    if (json.includes(USAGE)) {
      const chunk = JSON.parse(json) as { usage?: unknown; model?: unknown; choices?: unknown[] };
      this.usage = tokenUsageOf(chunk.usage) ?? this.usage;
      if (typeof chunk.model === 'string' && chunk.model) this.upstreamModel = chunk.model;
      if (!this.callerWantsUsage && chunk.choices?.length === 0) return;
    }
    if (this.firstOutputAt !== undefined) this.outputChunks++;
    else if (OUTPUT.test(json)) {
      this.firstOutputAt = performance.now();
      this.outputChunks++;
    }
    this.forward(json);
  };
}
