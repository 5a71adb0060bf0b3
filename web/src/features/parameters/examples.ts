/** One Google example pair (SPEC point 3: `input.content` and `output.content`). */
export interface Example {
  input: { content: string };
  output: { content: string };
}

export type ExampleSide = 'input' | 'output';

export const blankExample = (): Example => ({ input: { content: '' }, output: { content: '' } });

const isExample = (value: unknown): value is Example => {
  const e = value as Partial<Example> | null;
  return typeof e?.input?.content === 'string' && typeof e.output?.content === 'string';
};

/** The examples of a conversation or preset, always at least one (blank) pair to edit. */
export function examplesOf(value: unknown): Example[] {
  const list = Array.isArray(value) ? value.filter(isExample) : [];
  return list.length > 0 ? list : [blankExample()];
}

/** SPEC point 4: add appends a blank pair. */
export function addExample(list: readonly Example[]): Example[] {
  return [...list, blankExample()];
}

/** SPEC point 4: set changes one side of one pair. */
export function setExample(list: readonly Example[], index: number, side: ExampleSide, content: string): Example[] {
  return list.map((example, i) => (i === index ? { ...example, [side]: { content } } : example));
}

/** SPEC point 4: remove pops the last pair, but the only one left is reset to blank instead. */
export function removeExample(list: readonly Example[]): Example[] {
  return list.length <= 1 ? [blankExample()] : list.slice(0, -1);
}

/** SPEC point 4: a pair with an empty input or output is not sent. */
export function sendableExamples(list: readonly Example[]): Example[] {
  return list.filter((e) => e.input.content.trim() !== '' && e.output.content.trim() !== '');
}
