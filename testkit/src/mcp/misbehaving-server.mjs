#!/usr/bin/env node
// A real MCP server over stdio that fails on purpose: `crash` kills the process mid-call,
// `hang` never answers, `pid` tells which process answered (to see a restart).
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';

const server = new McpServer({ name: 'misbehaving', version: '1.0.0' });
server.registerTool('pid', { description: 'The process id of this server.' }, async () => ({ content: [{ type: 'text', text: String(process.pid) }] }));
server.registerTool('crash', { description: 'Exits the server while the call is running.' }, async () => process.exit(3));
server.registerTool('hang', { description: 'Never answers.' }, () => new Promise(() => {}));
await server.connect(new StdioServerTransport());
