/** A function call the fake model makes, as scripted by a test. */
export interface FakeToolCall {
  id?: string;
  name: string;
  /** The JSON arguments string, exactly as the model would write it. */
  arguments: string;
}

interface ToolMessage {
  role?: string;
  content?: unknown;
  tool_call_id?: string;
  tool_calls?: { id?: string; type?: string; function?: { name?: string; arguments?: string } }[];
}

interface ToolsBody {
  messages?: ToolMessage[];
  tools?: { type?: string; function?: { name?: string; parameters?: unknown } }[];
}

const FUNCTION_NAME = /^[a-zA-Z0-9_-]{1,64}$/;

/**
 * What OpenAI refuses with a 400 about tools (its own wording): a malformed tool definition, an
 * assistant `tool_calls` message not followed by a `role: tool` answer for every call id, or a
 * `role: tool` message that answers no preceding call.
 */
export function toolMessagesProblem(body: ToolsBody): { message: string; param: string } | undefined {
  for (const [i, t] of (body.tools ?? []).entries()) {
    if (t.type !== 'function' || !t.function?.name) return { message: `Missing required parameter: 'tools[${i}].function'.`, param: `tools[${i}].function` };
    if (!FUNCTION_NAME.test(t.function.name)) {
      return { message: `Invalid 'tools[${i}].function.name': string does not match pattern. Expected a string that matches the pattern '^[a-zA-Z0-9_-]+$'.`, param: `tools[${i}].function.name` };
    }
  }
  const messages = body.messages ?? [];
  for (let i = 0; i < messages.length; i++) {
    const message = messages[i]!;
    if (message.role === 'tool') {
      return { message: "Invalid parameter: messages with role 'tool' must be a response to a preceeding message with 'tool_calls'.", param: `messages.[${i}].role` };
    }
    if (message.role !== 'assistant' || !message.tool_calls?.length) continue;
    const open = new Set(message.tool_calls.map((c) => c.id));
    let j = i + 1;
    for (; j < messages.length && messages[j]!.role === 'tool'; j++) {
      const answer = messages[j]!;
      if (typeof answer.content !== 'string' && !Array.isArray(answer.content)) return { message: `Invalid 'messages[${j}].content': expected a string.`, param: `messages.[${j}].content` };
      open.delete(answer.tool_call_id);
    }
    if (open.size > 0) {
      return {
        message: `An assistant message with 'tool_calls' must be followed by tool messages responding to each 'tool_call_id'. The following tool_call_ids did not have response messages: ${[...open].join(', ')}`,
        param: `messages.[${j}].role`,
      };
    }
    i = j - 1;
  }
  return undefined;
}

/** The scripted calls with the ids the fake gives them. */
export const withCallIds = (calls: FakeToolCall[]) => calls.map((c, n) => ({ ...c, id: c.id ?? `call_${n}_${Math.random().toString(36).slice(2, 10)}` }));

/** The streamed `delta.tool_calls` of each call: name and id first, then the arguments, as OpenAI sends them. */
export function toolCallDeltas(calls: Required<FakeToolCall>[]): Record<string, unknown>[] {
  return calls.flatMap((c, index) => [
    { tool_calls: [{ index, id: c.id, type: 'function', function: { name: c.name, arguments: '' } }] },
    { tool_calls: [{ index, function: { arguments: c.arguments } }] },
  ]);
}
