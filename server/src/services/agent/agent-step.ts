import type { Logger } from '../../app/logger.ts';
import type { ChatEvent } from '../../providers/types.ts';
import { ToolError, type PluginTool, type ToolResult } from '../plugins/tools/plugin-tool.ts';

/** One tool call the agent made, for the completion model and the stored reply. */
interface AgentStep {
  tool: string;
  input: unknown;
  output: string;
}

/** What an agent run ends with: its own answer and the steps that led to it. */
export interface AgentOutcome {
  answer: string;
  steps: AgentStep[];
}

export const AGENT_MAX_STEPS = 10;

/** What the model is told when its steps are used up: answer now, from what it gathered. */
export const STEP_LIMIT_NOTE = `You have used all ${AGENT_MAX_STEPS} tool steps. Do not call any more tools: answer the user's last message now from the results above, and say what is still missing.`;

/**
 * A tool call that failed (unknown tool, bad input, an error of the tool) goes back to the model
 * and into one info line: the tool's name and the start of the error, never the call's input
 * (credentials are never in it: a plugin's keys are added by the tool itself).
 */
export const logToolFailure = (log: Logger, tool: string, message: string) => log.info({ tool, toolError: message.slice(0, 300) }, 'agent tool call failed');

/** Events of a tool's pictures: shown in the reply, never sent back to the model as data. */
export function* imageEvents(result: ToolResult): Generator<ChatEvent> {
  for (const image of result.images ?? []) {
    const url = image.url ?? (image.base64 ? `data:${image.mediaType};base64,${image.base64}` : undefined);
    if (url) yield { type: 'image', url };
  }
}

/**
 * Runs one tool call. A ToolError (bad input, a refused key, a page that is not there) becomes
 * the observation, so the model can try something else; an abort or a bug is thrown.
 */
export async function runTool(tool: PluginTool, input: unknown, signal: AbortSignal, log: Logger): Promise<ToolResult> {
  try {
    return await tool.run(input, signal);
  } catch (error) {
    if (signal.aborted) throw error;
    if (error instanceof ToolError || (error as Error).name === 'ZodError' || (error as Error).name === 'McpError') {
      logToolFailure(log, tool.name, (error as Error).message);
      return { text: `Error: ${(error as Error).message}` };
    }
    throw error;
  }
}
