/** Which bound a job of the worker pool crossed: its time, its thread's memory, or a size its task checks (a document's unpacked bytes). */
export type WorkLimit = 'time' | 'memory' | 'size';

/**
 * A job refused before it started: as many jobs as the pool lets wait are waiting already. Each
 * waiting job holds its input (an upload of up to 20 MB), so the queue is bounded like the processes are.
 */
export class PoolFullError extends Error {
  override name = 'PoolFullError';
}

/**
 * A job refused before it started because its owner already has as many jobs queued or running
 * as one user may (`WORKER_USER_MAX`): one user cannot fill the queue every user shares.
 */
export class OwnerBusyError extends PoolFullError {
  override name = 'OwnerBusyError';
}

/** A job stopped for crossing one of its bounds; any other failure of a job is a plain Error. */
export class WorkLimitError extends Error {
  override name = 'WorkLimitError';

  constructor(
    readonly limit: WorkLimit,
    message: string,
  ) {
    super(message);
  }
}
