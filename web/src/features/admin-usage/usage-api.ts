import { usageRecordViewSchema, type AdminPage, type AdminUsageRecord } from '@parley/core';
import { z } from 'zod';
import { consoleDownload, consoleGet, type ConsoleParams } from '../../components/console/console-api.ts';

const recordSchema: z.ZodType<AdminUsageRecord> = usageRecordViewSchema.extend({
  keyPrefix: z.string().nullable(),
  accountEmail: z.string().nullable(),
  channel: z.string().nullable(),
  clientIp: z.string().nullable(),
});
const pageSchema: z.ZodType<AdminPage<AdminUsageRecord>> = z.object({ items: z.array(recordSchema), total: z.number() });

export const usageApi = {
  page: (params: ConsoleParams) => consoleGet('usage', pageSchema, params),
  csv: (params: ConsoleParams) => consoleDownload('usage', { ...params, format: 'csv', limit: undefined, offset: undefined }, `usage-records-${new Date().toISOString().slice(0, 10)}.csv`),
};
