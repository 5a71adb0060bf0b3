import { auditEntrySchema, type AdminPage, type AuditEntry } from '@parley/core';
import { z } from 'zod';
import { consoleGet, type ConsoleParams } from '../../components/console/console-api.ts';

const auditPageSchema: z.ZodType<AdminPage<AuditEntry>> = z.object({ items: z.array(auditEntrySchema), total: z.number() });

export const fetchAuditPage = (params: ConsoleParams) => consoleGet('audit', auditPageSchema, params);
