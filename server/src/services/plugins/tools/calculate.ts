/**
 * mathjs in a thread of the worker pool (loaded there on the thread's first calculation: it costs
 * about 50 MB and seconds of start-up). Only `evaluate` is offered; the functions disabled here
 * would let an expression reach into the parser itself (mathjs security notes).
 */
export async function loadCalculator(): Promise<(input: { expression: string }) => Promise<string>> {
  const { all, create } = await import('mathjs');
  const math = create(all!);
  const evaluate = math.evaluate.bind(math);
  const refused = () => {
    throw new Error('This function is disabled.');
  };
  math.import(
    { import: refused, createUnit: refused, reviver: refused, evaluate: refused, parse: refused, simplify: refused, derivative: refused, resolve: refused },
    { override: true },
  );
  return async ({ expression }) => {
    const value: unknown = evaluate(expression);
    if (typeof value === 'function') throw new Error('The expression is a function, not a value.');
    return math.format(value as number, { precision: 14 });
  };
}
