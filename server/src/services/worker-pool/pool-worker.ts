// A process of the worker pool (started by worker-pool.ts): it runs one job at a time, so an
// unbounded parse or calculation costs only this process, which the pool stops at its time limit
// and which its heap cap (--max-old-space-size) ends at its memory cap.
import { poolTasks, type TaskName } from './pool-tasks.ts';
import { WorkLimitError, type WorkLimit } from './work-limit.ts';

export interface PoolRequest {
  id: number;
  task: TaskName;
  input: unknown;
}

/** `started` when the task's code is loaded and the job itself begins; then its result or error. */
export type PoolAnswer = { id: number; started: true } | { id: number; result: unknown } | { id: number; error: string; limit?: WorkLimit };

type AnyHandler = (input: never) => Promise<unknown>;

function serve(send: (answer: PoolAnswer) => void) {
  const handlers = new Map<TaskName, Promise<AnyHandler>>();
  process.on('message', async ({ id, task, input }: PoolRequest) => {
    let answer: PoolAnswer;
    try {
      let handler = handlers.get(task);
      if (!handler) handlers.set(task, (handler = poolTasks[task]() as Promise<AnyHandler>));
      const run = await handler;
      send({ id, started: true });
      answer = { id, result: await run(input as never) };
    } catch (error) {
      // Only this job fails; the thread goes on with the next.
      const limit = error instanceof WorkLimitError ? error.limit : undefined;
      answer = { id, error: error instanceof Error ? error.message : String(error), ...(limit ? { limit } : {}) };
    }
    send(answer);
  });
}

if (!process.send) throw new Error('pool-worker runs as a child process with IPC; the worker pool starts it');
// The pool gone (the server stopped or died), this process has nothing left to do.
process.on('disconnect', () => process.exit(0));
serve((answer) => process.send!(answer));
