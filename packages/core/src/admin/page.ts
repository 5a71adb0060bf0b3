import { z } from 'zod';

/** The paging every console list takes: a search text, a page size and an offset. */
export const adminPageQuerySchema = z.object({
  q: z.string().trim().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
});
export type AdminPageQuery = z.infer<typeof adminPageQuerySchema>;

/** One page of a console list and how many rows match in all. */
export interface AdminPage<T> {
  items: T[];
  total: number;
}
