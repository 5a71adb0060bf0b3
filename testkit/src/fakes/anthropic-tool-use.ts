import type { FakeToolCall } from './openai-tool-calls.ts';

interface Block {
  type?: string;
  id?: string;
  tool_use_id?: string;
}

interface ToolUseBody {
  tools?: { name?: string; input_schema?: unknown; type?: string }[];
  messages?: { role: string; content: unknown }[];
}

const TOOL_NAME = /^[a-zA-Z0-9_-]{1,64}$/;
const blocksOf = (content: unknown): Block[] => (Array.isArray(content) ? (content as Block[]) : []);

/**
 * What the Messages API refuses about tools (its own wording): a tool without a valid name or an
 * `input_schema`, `tool_use` blocks whose ids the next user message does not answer with
 * `tool_result` blocks, and `tool_result` blocks that answer no `tool_use` of the message before.
 */
export function anthropicToolProblem(body: ToolUseBody): string | undefined {
  for (const [i, t] of (body.tools ?? []).entries()) {
    if (t.type !== undefined && t.type !== 'custom') continue;
    if (!t.name || !TOOL_NAME.test(t.name)) return `tools.${i}.custom.name: String should match pattern '^[a-zA-Z0-9_-]{1,64}$'`;
    if (typeof t.input_schema !== 'object' || t.input_schema === null) return `tools.${i}.custom.input_schema: Field required`;
  }
  const messages = body.messages ?? [];
  for (const [i, message] of messages.entries()) {
    const asked = message.role === 'assistant' ? blocksOf(message.content).filter((b) => b.type === 'tool_use').map((b) => b.id) : [];
    const next = messages[i + 1];
    const answered = new Set(next?.role === 'user' ? blocksOf(next.content).filter((b) => b.type === 'tool_result').map((b) => b.tool_use_id) : []);
    const missing = asked.filter((id) => !answered.has(id));
    if (missing.length > 0) {
      return `messages.${i + 1}: \`tool_use\` ids were found without \`tool_result\` blocks immediately after: ${missing.join(', ')}. Each \`tool_use\` block must have a corresponding \`tool_result\` block in the next message.`;
    }
    if (message.role !== 'user') continue;
    const previous = messages[i - 1];
    const offered = new Set(previous?.role === 'assistant' ? blocksOf(previous.content).filter((b) => b.type === 'tool_use').map((b) => b.id) : []);
    for (const [j, block] of blocksOf(message.content).entries()) {
      if (block.type === 'tool_result' && !offered.has(block.tool_use_id)) {
        return `messages.${i}.content.${j}: unexpected \`tool_use_id\` found in \`tool_result\` blocks: ${String(block.tool_use_id)}. Each \`tool_result\` block must have a corresponding \`tool_use\` block in the previous message.`;
      }
    }
  }
  return undefined;
}

/** The scripted calls with `toolu_` ids, as Anthropic names them. */
export const withToolUseIds = (calls: FakeToolCall[]) => calls.map((c) => ({ ...c, id: c.id ?? `toolu_01${Math.random().toString(36).slice(2, 14)}` }));

/** The `tool_use` content blocks of a whole (non-streamed) message. */
export const toolUseBlocks = (calls: Required<FakeToolCall>[]) =>
  calls.map((c) => ({ type: 'tool_use', id: c.id, name: c.name, input: JSON.parse(c.arguments) as unknown }));

/**
 * The streamed events of each call from content block `first` on: a `tool_use` block start with
 * an empty input, its JSON as `input_json_delta` parts, then the block's stop.
 */
export function toolUseEvents(calls: Required<FakeToolCall>[], first: number): Record<string, unknown>[] {
  return calls.flatMap((c, n) => {
    const index = first + n;
    const half = Math.ceil(c.arguments.length / 2);
    return [
      { type: 'content_block_start', index, content_block: { type: 'tool_use', id: c.id, name: c.name, input: {} } },
      ...[c.arguments.slice(0, half), c.arguments.slice(half)].map((partial_json) => ({ type: 'content_block_delta', index, delta: { type: 'input_json_delta', partial_json } })),
      { type: 'content_block_stop', index },
    ];
  });
}

interface ThinkingBlock extends Block {
  signature?: unknown;
}

/**
 * Anthropic's rule for tools while thinking is on: the assistant turn whose `tool_use` the last
 * user turn answers must open with its `thinking` (or `redacted_thinking`) block, signature
 * included, as the model wrote it. A loop that drops it is refused with Anthropic's wording.
 */
export function thinkingToolLoopProblem(messages: { role: string; content: unknown }[] | undefined, thinkingOn: boolean): string | undefined {
  if (!thinkingOn || !messages || messages.length < 2) return undefined;
  const last = messages.length - 1;
  const answersTools = messages[last]!.role === 'user' && blocksOf(messages[last]!.content).some((b) => b.type === 'tool_result');
  const turn = messages[last - 1]!;
  if (!answersTools || turn.role !== 'assistant') return undefined;
  const first = blocksOf(turn.content)[0] as ThinkingBlock | undefined;
  if (first?.type !== 'thinking' && first?.type !== 'redacted_thinking') {
    return `messages.${last - 1}.content.0.type: Expected \`thinking\` or \`redacted_thinking\`, but found \`${String(first?.type ?? 'text')}\`. When \`thinking\` is enabled, a final \`assistant\` message must start with a thinking block (preceeding the lastmost set of \`tool_use\` and \`tool_result\` blocks). We recommend you include thinking blocks from previous turns. To avoid this requirement, disable \`thinking\`. Please consult our documentation at https://docs.claude.com/en/docs/build-with-claude/extended-thinking`;
  }
  if (first.type === 'thinking' && (typeof first.signature !== 'string' || first.signature === '')) return `messages.${last - 1}.content.0.thinking.signature: Field required`;
  return undefined;
}
