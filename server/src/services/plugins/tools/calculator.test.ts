import { describe, expect, it } from 'vitest';
import { calculatorTool } from './calculator.ts';
import { ToolError } from './plugin-tool.ts';

const run = (input: string) => calculatorTool.run({ input }, new AbortController().signal);

describe('calculator', () => {
  it('evaluates with operator precedence', async () => {
    expect((await run('2+3*4')).text).toBe('14');
  });

  it('converts units and works on matrices', async () => {
    expect((await run('12 inch to cm')).text).toBe('30.48 cm');
    expect((await run('det([1,2;3,4])')).text).toBe('-2');
  });

  it('refuses the functions that reach into the parser', async () => {
    await expect(run('evaluate("1+1")')).rejects.toThrow(ToolError);
    await expect(run('import({x: 1})')).rejects.toThrow(ToolError);
    await expect(run('createUnit("foo")')).rejects.toThrow(ToolError);
  });

  it('says what is wrong with a malformed expression', async () => {
    await expect(run('2+*')).rejects.toThrow(/Could not evaluate/);
  });
});
