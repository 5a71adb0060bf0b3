import { z } from 'zod';

/**
 * Who acts in the operator console: an account with the `admin` role, or the operator who
 * signed in with ADMIN_PASSWORD (no account behind it, mostly in `ACCESS_MODE=keys`).
 */
export const adminActorSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('account'), userId: z.string(), email: z.string() }),
  z.object({ kind: z.literal('operator') }),
]);
export type AdminActor = z.infer<typeof adminActorSchema>;

/** `GET /api/admin/session`: who the console is open for. */
export const adminSessionSchema = z.object({ actor: adminActorSchema });
export type AdminSession = z.infer<typeof adminSessionSchema>;

/** `POST /api/operator/login`: the operator password (ADMIN_PASSWORD). */
export const operatorLoginSchema = z.object({ password: z.string().min(1).max(200) });
export type OperatorLogin = z.infer<typeof operatorLoginSchema>;
