import type { z } from 'zod';
import { apiJson } from '../../api/client.ts';
import { downloadFile } from '../../api/download-file.ts';
import { withQuery, type QueryValue } from '../../api/with-query.ts';

/** Query parameters of a console call; empty values are left out. */
export type ConsoleParams = Record<string, QueryValue>;

/** `/api/admin/<path>?<params>`: every console call goes through here. */
const consolePath = (path: string, params: ConsoleParams = {}) => withQuery(`/api/admin/${path.replace(/^\//, '')}`, params);

/** GET a console resource, its answer checked by core's schema. */
export function consoleGet<T>(path: string, schema: z.ZodType<T>, params?: ConsoleParams): Promise<T> {
  return apiJson(consolePath(path, params), { schema });
}

/** POST (or PUT, PATCH, DELETE) a console action with a JSON body, its answer checked by core's schema. */
export function consoleSend<T>(path: string, schema: z.ZodType<T>, body: unknown = {}, method: 'POST' | 'PUT' | 'PATCH' | 'DELETE' = 'POST'): Promise<T> {
  return apiJson(consolePath(path), { schema, method, body });
}

/** Downloads a file the server streams (a CSV export) under the console's authorisation, as `fileName`. */
export function consoleDownload(path: string, params: ConsoleParams, fileName: string): Promise<void> {
  return downloadFile(consolePath(path, params), fileName);
}
