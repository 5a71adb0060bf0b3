import type { PluginTool, ToolImage, ToolResult } from '../plugins/tools/plugin-tool.ts';
import { ToolError } from '../plugins/tools/plugin-tool.ts';
import type { McpCallResult, McpConnection } from './mcp-connection.ts';

/** The function name the model sees: `<tool>_mcp_<server>`, cut to the 64 characters OpenAI allows. */
const mcpFunctionName = (server: string, tool: string) => `${tool}_mcp_${server}`.replace(/[^A-Za-z0-9_-]/g, '_').slice(0, 64);

/** Text of the content blocks the model reads; pictures go to the reply. */
export function mcpResultToToolResult(result: McpCallResult): ToolResult {
  const texts: string[] = [];
  const images: ToolImage[] = [];
  for (const block of result.content ?? []) {
    const item = block as Record<string, unknown>;
    if (item.type === 'text') texts.push(String(item.text ?? ''));
    else if (item.type === 'image' && typeof item.data === 'string') images.push({ mediaType: String(item.mimeType ?? 'image/png'), base64: item.data });
    else if (item.type === 'resource') {
      const resource = (item.resource ?? {}) as Record<string, unknown>;
      texts.push(typeof resource.text === 'string' ? resource.text : `[resource ${String(resource.uri)} (${String(resource.mimeType ?? 'binary')})]`);
    } else if (item.type === 'resource_link') texts.push(`[${String(item.name ?? 'resource')}](${String(item.uri)})`);
    else if (item.type === 'audio') texts.push(`[audio ${String(item.mimeType ?? '')}]`);
  }
  if (texts.length === 0 && result.structuredContent !== undefined) texts.push(JSON.stringify(result.structuredContent));
  const text = texts.join('\n');
  if (result.isError) throw new ToolError(text || 'The tool reported an error.');
  return { text: text || (images.length > 0 ? `${images.length} image(s) returned.` : ''), ...(images.length > 0 ? { images } : {}) };
}

/** Every tool of one MCP server, ready for the agent. Starts the server when it has not run yet. */
export async function mcpPluginTools(connection: McpConnection): Promise<PluginTool[]> {
  const tools = await connection.listTools();
  return tools.map((tool) => ({
    name: mcpFunctionName(connection.name, tool.name),
    description: (tool.description ?? tool.name).slice(0, 1024),
    inputSchema: tool.inputSchema,
    run: async (input, signal) => mcpResultToToolResult(await connection.callTool(tool.name, (input ?? {}) as Record<string, unknown>, signal)),
  }));
}
