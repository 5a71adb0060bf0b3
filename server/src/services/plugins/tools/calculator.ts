import { z } from 'zod';
import type { WorkerPool } from '../../worker-pool/worker-pool.ts';
import { PoolFullError, WorkLimitError } from '../../worker-pool/work-limit.ts';
import { ToolError, type PluginTool } from './plugin-tool.ts';

/** Longest one expression may take to evaluate; `sum(1:20000000)` alone held the server 1.9 s. */
const CALCULATION_TIMEOUT_MS = 3_000;

const input = z.object({ input: z.string().min(1).max(1000) });

/** Exact math with mathjs (`2+3*4`, `sqrt(16) cm to inch`, `det([1,2;3,4])`), evaluated in the worker pool within a time and memory cap. */
export function calculatorTool(workers: WorkerPool): PluginTool {
  return {
    name: 'calculator',
    description: 'Evaluates a math expression and answers its value. Input: one mathjs expression, for example "2+3*4" or "12 km to mi".',
    inputSchema: z.toJSONSchema(input),
    async run(raw) {
      const { input: expression } = input.parse(raw);
      try {
        return { text: await workers.run('calculate', { expression }, { timeoutMs: CALCULATION_TIMEOUT_MS }) };
      } catch (error) {
        if (error instanceof PoolFullError) throw new ToolError('The calculator is busy with other work; try again in a few seconds.');
        if (error instanceof WorkLimitError) {
          throw new ToolError(`"${expression}" is too costly to evaluate: ${error.message} Try a smaller expression or split the work.`);
        }
        throw new ToolError(`Could not evaluate "${expression}": ${(error as Error).message}`);
      }
    },
  };
}
