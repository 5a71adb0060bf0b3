/** Endpoint options as the chat keeps them: Conversation fields, some nested (`agentOptions.temperature`). */
export type EndpointOptionValues = Record<string, unknown>;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Reads a field by its dotted key; undefined when any step is missing. */
export function readOption(options: Record<string, unknown>, key: string): unknown {
  let node: unknown = options;
  for (const part of key.split('.')) {
    if (!isRecord(node)) return undefined;
    node = node[part];
  }
  return node;
}

/** A copy of `options` with one dotted field set; the objects on the way are copied, never shared. */
export function writeOption(options: Record<string, unknown>, key: string, value: unknown): EndpointOptionValues {
  const [head, ...rest] = key.split('.');
  if (!head) return options;
  if (rest.length === 0) return { ...options, [head]: value };
  const child = isRecord(options[head]) ? options[head] : {};
  return { ...options, [head]: writeOption(child, rest.join('.'), value) };
}
