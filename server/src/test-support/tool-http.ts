import type { ToolHttp } from '../services/plugins/tools/tool-http.ts';

/** Tool HTTP for tests against fakes on 127.0.0.1: plain fetch both ways, small limits. */
export const testToolHttp = (overrides: Partial<ToolHttp> = {}): ToolHttp => ({ fetch, userFetch: fetch, timeoutMs: 5000, maxBytes: 200_000, ...overrides });

export const noAbort = () => new AbortController().signal;
