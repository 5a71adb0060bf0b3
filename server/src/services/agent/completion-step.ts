import type { ChatRequest, ChatTurn } from '../../providers/types.ts';
import type { AgentOutcome } from './agent-step.ts';

const OUTPUT_CHARS = 4000;

/**
 * The request the completion model answers when `skipCompletion` is off: the conversation,
 * then a system turn with what the agent did and found, so it writes the final answer in the
 * conversation's own voice and model.
 */
export function completionRequest(request: ChatRequest, outcome: AgentOutcome): ChatRequest {
  const steps = outcome.steps
    .map((s, n) => `${n + 1}. ${s.tool} with ${JSON.stringify(s.input)} answered:\n${s.output.slice(0, OUTPUT_CHARS)}`)
    .join('\n\n');
  const notes: ChatTurn = {
    role: 'system',
    content: `An assistant with tools worked on the user's last message.\n\nTool calls:\n${steps || '(none)'}\n\nIts answer: ${outcome.answer || '(none)'}\n\nWrite the final answer to the user's last message from these results. Do not mention the tools unless the user asks about them.`,
  };
  return { ...request, messages: [...request.messages, notes] };
}
