import { z } from 'zod';
import { adminActorSchema } from './actor.ts';
import { adminPageQuerySchema } from './page.ts';

/** One console action as the audit log shows it. */
export const auditEntrySchema = z.object({
  id: z.string(),
  createdAt: z.string(),
  actor: adminActorSchema,
  /** `user.ban`, `channel.disable`, `key.create`…: the area, a dot, the verb. */
  action: z.string(),
  target: z.string().nullable(),
  before: z.unknown(),
  after: z.unknown(),
  ip: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

/** `GET /api/admin/audit`: newest first; `q` searches the target and the actor's address. */
export const auditQuerySchema = adminPageQuerySchema.extend({
  action: z.string().trim().max(64).optional(),
  /** Only entries from this area (`user`, `channel`…), i.e. actions starting with `<area>.`. */
  area: z.string().trim().regex(/^[a-z-]{1,32}$/).optional(),
});
export type AuditQuery = z.infer<typeof auditQuerySchema>;
