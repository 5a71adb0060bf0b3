/** A picture a tool produced: inline data, or an address the model (and the reply) can point at. */
export interface ToolImage {
  mediaType: string;
  base64?: string;
  url?: string;
}

/** What a tool call gives back: text for the model, and any pictures for the reply. */
export interface ToolResult {
  text: string;
  images?: ToolImage[];
}

/**
 * One tool the agent may call: built-in or from an MCP server, the same shape. `name` is the
 * function name sent upstream (letters, digits, `_` and `-`, at most 64).
 */
export interface PluginTool {
  name: string;
  description: string;
  /** JSON Schema of the input object. */
  inputSchema: Record<string, unknown>;
  run(input: unknown, signal: AbortSignal): Promise<ToolResult>;
}

/** A tool whose call failed tells the model why in words, so it can try something else. */
export class ToolError extends Error {
  override name = 'ToolError';
}
