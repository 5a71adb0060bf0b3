/**
 * The work the pool's threads do, by name. Each entry loads its module, and what that needs, on a
 * thread's first job of its kind; the job's time limit starts once it is loaded. Only the threads
 * import this table's modules' code (the server imports its types).
 */
export const poolTasks = {
  extractText: async () => (await import('../files/extract-text.ts')).extractText,
  describePicture: async () => (await import('../files/image-info.ts')).describePicture,
  fitPicture: async () => (await import('../files/image-info.ts')).fitPicture,
  parseExport: async () => (await import('../import/parse-export.ts')).parseExport,
  calculate: async () => (await import('../plugins/tools/calculate.ts')).loadCalculator(),
};

type PoolTasks = typeof poolTasks;
export type TaskName = keyof PoolTasks;
type Handler<T extends TaskName> = Awaited<ReturnType<PoolTasks[T]>>;
export type TaskInput<T extends TaskName> = Parameters<Handler<T>>[0];
export type TaskOutput<T extends TaskName> = Awaited<ReturnType<Handler<T>>>;
