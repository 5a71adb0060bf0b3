/** What one ReAct turn of the model says to do next. */
export type ReactTurn =
  | { kind: 'final'; answer: string }
  | { kind: 'action'; tool: string; input: string; thought: string }
  /** Neither format: the text itself is taken as the answer. */
  | { kind: 'text'; answer: string };

const FINAL = /Final Answer\s*:\s*([\s\S]*)$/i;
const ACTION = /Action\s*\d*\s*:\s*(.+?)\s*\n+\s*Action\s*\d*\s*Input\s*\d*\s*:\s*([\s\S]*?)(?:\n\s*Observation\s*:|$)/i;

/**
 * Reads the Thought / Action / Action Input / Final Answer format. An action wins over a final
 * answer written after it (the model ran ahead of its observation), as LangChain's parser does.
 */
export function parseReactTurn(text: string): ReactTurn {
  const action = ACTION.exec(text);
  const final = FINAL.exec(text);
  if (action && (!final || action.index < final.index)) {
    const thought = text.slice(0, action.index).replace(/^\s*Thought\s*:\s*/i, '').trim();
    return { kind: 'action', tool: action[1]!.trim().replace(/^["'`[]+|["'`\]]+$/g, ''), input: action[2]!.trim().replace(/^```(?:json)?\s*|\s*```$/g, ''), thought };
  }
  if (final) return { kind: 'final', answer: final[1]!.trim() };
  return { kind: 'text', answer: text.trim() };
}

/**
 * The tool input an Action Input stands for: a JSON object as it is, otherwise the text put
 * into the schema's only string field (most tools take one: `input`, `query`, `url`, `prompt`).
 */
export function actionInput(raw: string, inputSchema: Record<string, unknown>): unknown {
  try {
    const parsed: unknown = JSON.parse(raw);
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) return parsed;
  } catch {
    // Plain text: handled below.
  }
  const properties = Object.keys((inputSchema.properties ?? {}) as Record<string, unknown>);
  const required = (inputSchema.required as string[] | undefined) ?? properties;
  const field = required[0] ?? properties[0];
  return field ? { [field]: raw.replace(/^"|"$/g, '') } : {};
}
