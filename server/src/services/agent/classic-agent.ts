import { generateText, type ModelMessage } from 'ai';
import type { ChatEvent } from '../../providers/types.ts';
import { toProviderError } from '../../providers/provider-error.ts';
import type { PluginTool, ToolResult } from '../plugins/tools/plugin-tool.ts';
import { AGENT_MAX_STEPS, imageEvents, logToolFailure, runTool, STEP_LIMIT_NOTE, type AgentOutcome } from './agent-step.ts';
import type { AgentRun } from './agent-run.ts';
import { actionInput, parseReactTurn } from './react-parser.ts';

const OBSERVATION = '\nObservation:';

/** The turn up to an Observation the model wrote itself (what the stop sequence would have cut). */
const beforeObservation = (text: string) => {
  const at = text.indexOf(OBSERVATION);
  return at === -1 ? text : text.slice(0, at);
};

/**
 * The work so far, for the next turn: the model's own turn to continue, or (Claude, which since
 * 4.6 refuses to continue an assistant turn, and never while thinking) a user turn quoting it.
 */
function scratchpadTurn(run: AgentRun, pad: string): ModelMessage {
  if (run.takesPrefill) return { role: 'assistant', content: pad };
  return { role: 'user', content: `Your work so far:\n\n${pad}\n\nContinue from there: write the next Thought, then an Action or the Final Answer.` };
}

/** The ReAct instructions for models without tool calling. */
function reactPrompt(tools: PluginTool[]): string {
  const list = tools.map((t) => `${t.name}: ${t.description} Input schema: ${JSON.stringify(t.inputSchema)}`).join('\n');
  return `Answer the user's last message as best you can. You have access to the following tools:

${list}

Use the following format:

Thought: you should always think about what to do
Action: the action to take, exactly one of [${tools.map((t) => t.name).join(', ')}]
Action Input: the input to the action, a JSON object matching the tool's input schema
Observation: the result of the action
... (this Thought/Action/Action Input/Observation can repeat up to ${AGENT_MAX_STEPS} times)
Thought: I now know the final answer
Final Answer: the final answer to the user's last message

Begin! Never write an Observation yourself.`;
}

/**
 * ReAct: the model writes Thought / Action / Action Input, the tool runs, its Observation is
 * appended to the scratchpad, until a Final Answer or 10 steps; then one last turn writes the
 * Final Answer from the observations. A turn's text without an Action is taken as the answer.
 */
export async function* classicAgent(run: AgentRun, tools: PluginTool[], streamAnswer: boolean): AsyncGenerator<ChatEvent, AgentOutcome> {
  const byName = new Map(tools.map((t) => [t.name, t]));
  const outcome: AgentOutcome = { answer: '', steps: [] };
  const instructions = [run.system, reactPrompt(tools)].filter(Boolean).join('\n\n');
  let scratchpad = '';
  /** One model turn on the scratchpad so far; undefined when the run was aborted. */
  async function* turn(system: string, pad: string): AsyncGenerator<ChatEvent, string | undefined> {
    try {
      const answer = await generateText({
        model: run.model,
        system,
        messages: pad ? [...run.messages, scratchpadTurn(run, pad)] : run.messages,
        // A reasoning model refuses `stop`; its text is cut at the Observation instead.
        ...(run.takesStop ? { stopSequences: [OBSERVATION] } : {}),
        temperature: run.temperature,
        providerOptions: run.providerOptions,
        abortSignal: run.signal,
        maxRetries: 0,
      });
      if (answer.usage.outputTokens !== undefined) yield { type: 'usage', promptTokens: answer.usage.inputTokens ?? 0, completionTokens: answer.usage.outputTokens };
      return beforeObservation(answer.text);
    } catch (error) {
      if (run.signal.aborted) return undefined;
      throw toProviderError(error);
    }
  }
  let answered = false;
  for (let step = 0; step < AGENT_MAX_STEPS && !run.signal.aborted; step++) {
    const text = yield* turn(instructions, scratchpad);
    if (text === undefined) return outcome;
    const parsed = parseReactTurn(text);
    if (parsed.kind !== 'action') {
      outcome.answer = parsed.answer;
      answered = true;
      break;
    }
    const toolCallId = `react-${step}`;
    const tool = byName.get(parsed.tool);
    const input = tool ? actionInput(parsed.input, tool.inputSchema) : parsed.input;
    yield { type: 'tool-call', toolCallId, toolName: parsed.tool, input };
    const result = tool ? await runTool(tool, input, run.signal, run.log) : unknownTool(run, parsed.tool, [...byName.keys()]);
    outcome.steps.push({ tool: parsed.tool, input, output: result.text });
    yield { type: 'tool-result', toolCallId, toolName: parsed.tool, output: result.text };
    yield* imageEvents(result);
    scratchpad += `${text.trimEnd()}\nObservation: ${result.text}\nThought:`;
  }
  if (!answered && !run.signal.aborted) {
    // Out of steps: the model answers from the observations it has.
    const text = yield* turn(`${instructions}\n\n${STEP_LIMIT_NOTE}`, `${scratchpad} I have used all my steps, so I answer now.\nFinal Answer:`);
    outcome.answer = text?.trim() ?? '';
  }
  if (streamAnswer && outcome.answer) yield { type: 'text', delta: outcome.answer };
  return outcome;
}

/** The observation for an Action that names no tool of the run, so the model can pick one of them. */
function unknownTool(run: AgentRun, name: string, names: string[]): ToolResult {
  const message = `${name} is not a valid tool, try one of [${names.join(', ')}].`;
  logToolFailure(run.log, name, message);
  return { text: `Error: ${message}` };
}
