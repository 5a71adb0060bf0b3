import { preloadable } from '../../components/preloadable.tsx';

/** The thread and its virtualizer: a chunk an empty new chat does not need. */
export const lazyThread = preloadable(() => import('./thread.tsx').then((module) => module.Thread));
