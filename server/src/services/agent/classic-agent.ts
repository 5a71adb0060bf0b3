import { generateText } from 'ai';
import type { ChatEvent } from '../../providers/types.ts';
import { toProviderError } from '../../providers/provider-error.ts';
import type { PluginTool } from '../plugins/tools/plugin-tool.ts';
import { AGENT_MAX_STEPS, imageEvents, runTool, type AgentOutcome } from './agent-step.ts';
import type { AgentRun } from './agent-run.ts';
import { actionInput, parseReactTurn } from './react-parser.ts';

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
 * appended to the scratchpad, until a Final Answer or 10 steps. The last step's text without a
 * final answer is taken as the answer.
 */
export async function* classicAgent(run: AgentRun, tools: PluginTool[], streamAnswer: boolean): AsyncGenerator<ChatEvent, AgentOutcome> {
  const byName = new Map(tools.map((t) => [t.name, t]));
  const outcome: AgentOutcome = { answer: '', steps: [] };
  let scratchpad = '';
  for (let step = 0; step < AGENT_MAX_STEPS && !run.signal.aborted; step++) {
    let text: string;
    try {
      const answer = await generateText({
        model: run.model,
        system: [run.system, reactPrompt(tools)].filter(Boolean).join('\n\n'),
        messages: scratchpad ? [...run.messages, { role: 'assistant', content: scratchpad }] : run.messages,
        stopSequences: ['\nObservation:'],
        temperature: run.temperature,
        abortSignal: run.signal,
        maxRetries: 0,
      });
      text = answer.text;
      if (answer.usage.outputTokens !== undefined) yield { type: 'usage', promptTokens: answer.usage.inputTokens ?? 0, completionTokens: answer.usage.outputTokens };
    } catch (error) {
      if (run.signal.aborted) return outcome;
      throw toProviderError(error);
    }
    const turn = parseReactTurn(text);
    if (turn.kind !== 'action') {
      outcome.answer = turn.answer;
      break;
    }
    const toolCallId = `react-${step}`;
    const tool = byName.get(turn.tool);
    const input = tool ? actionInput(turn.input, tool.inputSchema) : turn.input;
    yield { type: 'tool-call', toolCallId, toolName: turn.tool, input };
    const result = tool ? await runTool(tool, input, run.signal) : { text: `Error: ${turn.tool} is not a valid tool, try one of [${[...byName.keys()].join(', ')}].` };
    outcome.steps.push({ tool: turn.tool, input, output: result.text });
    yield { type: 'tool-result', toolCallId, toolName: turn.tool, output: result.text };
    yield* imageEvents(result);
    scratchpad += `${text.trimEnd()}\nObservation: ${result.text}\nThought:`;
  }
  if (streamAnswer && outcome.answer) yield { type: 'text', delta: outcome.answer };
  return outcome;
}
