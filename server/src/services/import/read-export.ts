import type { AppContext } from '../../app/context.ts';
import { AppError } from '../../app/errors.ts';
import { PoolFullError, WorkLimitError } from '../worker-pool/work-limit.ts';
import type { ParsedExport } from './parse-export.ts';

type Ctx = Pick<AppContext, 'env' | 'log' | 'workers'>;
type Parsed = Extract<ParsedExport, { ok: true }>;

/**
 * Reads an uploaded export in the worker pool, within PARSE_TIMEOUT_MS and the processes' memory
 * cap: a hostile file (a huge mapping, cycles, deep nesting) costs only a worker process and is
 * refused with `import_too_complex`; a file that is no export is `import_invalid`.
 */
export async function readExport(ctx: Ctx, owner: string, data: Buffer): Promise<Parsed> {
  let parsed: ParsedExport;
  try {
    parsed = await ctx.workers.run('parseExport', { data }, { timeoutMs: ctx.env.PARSE_TIMEOUT_MS });
  } catch (error) {
    if (error instanceof PoolFullError) {
      throw new AppError('service_unavailable', 'Parley is busy reading other files. Please try the import again in a few seconds.', undefined, { 'Retry-After': '5' });
    }
    if (error instanceof WorkLimitError) {
      ctx.log.warn({ owner, bytes: data.length, limit: error.limit, reason: error.message }, 'refused a conversation import past a reading limit');
      throw new AppError('import_too_complex');
    }
    throw error;
  }
  if (!parsed.ok) {
    ctx.log.info({ owner, bytes: data.length, reason: parsed.reason }, 'refused an upload that is no conversation export');
    throw new AppError('import_invalid');
  }
  return parsed;
}
