import type { MathJsInstance } from 'mathjs';
import { z } from 'zod';
import { ToolError, type PluginTool } from './plugin-tool.ts';

interface Sandbox {
  evaluate: MathJsInstance['evaluate'];
  format: MathJsInstance['format'];
}

let sandbox: Promise<Sandbox> | undefined;

/**
 * mathjs, loaded on the first calculation (it costs about 50 MB and seconds of start-up that a
 * server whose users never call it should not pay). Only `evaluate` is offered to the model; the
 * functions disabled here would let an expression reach into the parser itself (mathjs security notes).
 */
function mathSandbox(): Promise<Sandbox> {
  sandbox ??= import('mathjs').then(({ all, create }) => {
    const math = create(all!);
    const evaluate = math.evaluate.bind(math);
    const refused = () => {
      throw new Error('This function is disabled.');
    };
    math.import(
      { import: refused, createUnit: refused, reviver: refused, evaluate: refused, parse: refused, simplify: refused, derivative: refused, resolve: refused },
      { override: true },
    );
    return { evaluate, format: math.format.bind(math) };
  });
  return sandbox;
}

const input = z.object({ input: z.string().min(1).max(1000) });

/** Exact math with mathjs: `2+3*4`, `sqrt(16) cm to inch`, `det([1,2;3,4])`. */
export const calculatorTool: PluginTool = {
  name: 'calculator',
  description: 'Evaluates a math expression and answers its value. Input: one mathjs expression, for example "2+3*4" or "12 km to mi".',
  inputSchema: z.toJSONSchema(input),
  async run(raw) {
    const { input: expression } = input.parse(raw);
    const { evaluate, format } = await mathSandbox();
    try {
      const value: unknown = evaluate(expression);
      if (typeof value === 'function') throw new Error('The expression is a function, not a value.');
      return { text: format(value as number, { precision: 14 }) };
    } catch (error) {
      throw new ToolError(`Could not evaluate "${expression}": ${(error as Error).message}`);
    }
  },
};
