import { jsonSchema, stepCountIs, streamText, tool, type ToolSet } from 'ai';
import type { ChatEvent } from '../../providers/types.ts';
import { toProviderError } from '../../providers/provider-error.ts';
import type { PluginTool, ToolResult } from '../plugins/tools/plugin-tool.ts';
import { AGENT_MAX_STEPS, imageEvents, runTool, type AgentOutcome } from './agent-step.ts';
import type { AgentRun } from './agent-run.ts';

/**
 * Native tool calling: the model asks for tools (`tool_calls`), each runs and its result goes
 * back as a `role: tool` message, until the model answers in text or 10 steps have passed.
 * With `streamAnswer` the answer's text is streamed as the reply.
 */
export async function* functionsAgent(run: AgentRun, tools: PluginTool[], streamAnswer: boolean): AsyncGenerator<ChatEvent, AgentOutcome> {
  const results = new Map<string, ToolResult>();
  const toolSet: ToolSet = Object.fromEntries(
    tools.map((t) => [
      t.name,
      tool({
        description: t.description,
        inputSchema: jsonSchema(t.inputSchema as Parameters<typeof jsonSchema>[0]),
        execute: async (input, { toolCallId, abortSignal }) => {
          const result = await runTool(t, input, abortSignal ?? run.signal);
          results.set(toolCallId, result);
          return result.text;
        },
      }),
    ]),
  );
  const outcome: AgentOutcome = { answer: '', steps: [] };
  const stream = streamText({
    model: run.model,
    system: run.system,
    messages: run.messages,
    tools: toolSet,
    stopWhen: stepCountIs(AGENT_MAX_STEPS),
    temperature: run.temperature,
    abortSignal: run.signal,
    maxRetries: 0,
  });
  let stepText = '';
  for await (const part of stream.fullStream) {
    if (part.type === 'text-delta') {
      stepText += part.text;
      if (streamAnswer && part.text) yield { type: 'text', delta: part.text };
    } else if (part.type === 'start-step') {
      stepText = '';
    } else if (part.type === 'tool-call') {
      yield { type: 'tool-call', toolCallId: part.toolCallId, toolName: part.toolName, input: part.input };
    } else if (part.type === 'tool-result') {
      const result = results.get(part.toolCallId) ?? { text: String(part.output) };
      outcome.steps.push({ tool: part.toolName, input: part.input, output: result.text });
      yield { type: 'tool-result', toolCallId: part.toolCallId, toolName: part.toolName, output: result.text };
      yield* imageEvents(result);
    } else if (part.type === 'tool-error') {
      if (run.signal.aborted) return outcome;
      throw part.error;
    } else if (part.type === 'finish-step' && part.usage.outputTokens !== undefined) {
      yield { type: 'usage', promptTokens: part.usage.inputTokens ?? 0, completionTokens: part.usage.outputTokens };
    } else if (part.type === 'error') {
      if (run.signal.aborted) return outcome;
      throw toProviderError(part.error);
    } else if (part.type === 'abort') {
      return outcome;
    }
  }
  outcome.answer = stepText;
  return outcome;
}
