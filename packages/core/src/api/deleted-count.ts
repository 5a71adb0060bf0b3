import { z } from 'zod';

/** The answer of a delete that may remove several rows (`/api/convos/clear`, `DELETE /api/keys`). */
export const deletedCountSchema = z.object({ deletedCount: z.number().int().min(0) });
export type DeletedCount = z.infer<typeof deletedCountSchema>;
