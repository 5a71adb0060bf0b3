import { jsonSchema, stepCountIs, streamText, tool, type ToolSet } from 'ai';
import type { ChatEvent, FinishReason } from '../../providers/types.ts';
import { toProviderError } from '../../providers/provider-error.ts';
import type { PluginTool, ToolResult } from '../plugins/tools/plugin-tool.ts';
import { AGENT_MAX_STEPS, imageEvents, logToolFailure, runTool, STEP_LIMIT_NOTE, type AgentOutcome } from './agent-step.ts';
import type { AgentRun } from './agent-run.ts';

/** How one `streamText` call ended: its last step's text and finish reason, or stopped by an abort. */
interface Relayed {
  text: string;
  finishReason?: FinishReason;
  aborted: boolean;
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * Native tool calling: the model asks for tools (`tool_calls`), each runs and its result goes
 * back as a `role: tool` message, until the model answers in text or 10 steps have passed; then
 * one last call without tools answers from what the steps gathered.
 * A call the model got wrong (unknown tool, bad JSON, input against the schema) is a step whose
 * output is the error, which the model reads and can correct; only an abort or a bug of a tool
 * ends the run. With `streamAnswer` the answer's text is streamed as the reply.
 */
export async function* functionsAgent(run: AgentRun, tools: PluginTool[], streamAnswer: boolean): AsyncGenerator<ChatEvent, AgentOutcome> {
  const results = new Map<string, ToolResult>();
  // What runTool threw (an abort, a bug): it ends the run instead of going back to the model.
  const fatal = new Map<string, unknown>();
  const toolSet: ToolSet = Object.fromEntries(
    tools.map((t) => [
      t.name,
      tool({
        description: t.description,
        inputSchema: jsonSchema(t.inputSchema as Parameters<typeof jsonSchema>[0]),
        execute: async (input, { toolCallId, abortSignal }) => {
          try {
            const result = await runTool(t, input, abortSignal ?? run.signal, run.log);
            results.set(toolCallId, result);
            return result.text;
          } catch (error) {
            fatal.set(toolCallId, error);
            throw error;
          }
        },
      }),
    ]),
  );
  const outcome: AgentOutcome = { answer: '', steps: [] };

  async function* relay(stream: ReturnType<typeof streamText>): AsyncGenerator<ChatEvent, Relayed> {
    let text = '';
    let finishReason: FinishReason | undefined;
    for await (const part of stream.fullStream) {
      if (part.type === 'text-delta') {
        text += part.text;
        if (streamAnswer && part.text) yield { type: 'text', delta: part.text };
      } else if (part.type === 'start-step') {
        text = '';
      } else if (part.type === 'tool-call') {
        yield { type: 'tool-call', toolCallId: part.toolCallId, toolName: part.toolName, input: part.input };
      } else if (part.type === 'tool-result') {
        const result = results.get(part.toolCallId) ?? { text: String(part.output) };
        outcome.steps.push({ tool: part.toolName, input: part.input, output: result.text });
        yield { type: 'tool-result', toolCallId: part.toolCallId, toolName: part.toolName, output: result.text };
        yield* imageEvents(result);
      } else if (part.type === 'tool-error') {
        if (run.signal.aborted) return { text, aborted: true };
        if (fatal.has(part.toolCallId)) throw fatal.get(part.toolCallId);
        // The SDK sends this error back to the model as the call's result; the step shows it too.
        const output = `Error: ${messageOf(part.error)}`;
        logToolFailure(run.log, part.toolName, messageOf(part.error));
        outcome.steps.push({ tool: part.toolName, input: part.input, output });
        yield { type: 'tool-result', toolCallId: part.toolCallId, toolName: part.toolName, output };
      } else if (part.type === 'finish-step') {
        finishReason = part.finishReason as FinishReason;
        if (part.usage.outputTokens !== undefined) yield { type: 'usage', promptTokens: part.usage.inputTokens ?? 0, completionTokens: part.usage.outputTokens };
      } else if (part.type === 'error') {
        if (run.signal.aborted) return { text, aborted: true };
        throw toProviderError(part.error);
      } else if (part.type === 'abort') {
        return { text, aborted: true };
      }
    }
    return { text, finishReason, aborted: false };
  }

  const call = {
    model: run.model,
    tools: toolSet,
    temperature: run.temperature,
    providerOptions: run.providerOptions,
    abortSignal: run.signal,
    maxRetries: 0,
    // A failed call also arrives as the stream's `error` part, which ends the run and is logged
    // once, without credentials, by the exchange; the SDK's own console.error would print it raw.
    onError: () => undefined,
  };
  const agent = streamText({ ...call, system: run.system, messages: run.messages, stopWhen: stepCountIs(AGENT_MAX_STEPS) });
  const ended = yield* relay(agent);
  if (ended.aborted || ended.finishReason !== 'tool-calls') {
    outcome.answer = ended.text;
    return outcome;
  }
  // Out of steps with a tool call last: the model answers from the results it has, tools off.
  const gathered = (await agent.response).messages;
  const last = streamText({ ...call, system: [run.system, STEP_LIMIT_NOTE].filter(Boolean).join('\n\n'), messages: [...run.messages, ...gathered], toolChoice: 'none' });
  outcome.answer = (yield* relay(last)).text;
  return outcome;
}
