import { lazy, type ComponentProps, type ComponentType } from 'react';

type Extras = typeof import('./chat-extras.ts');

/** The one dynamic import of the chat extras (see chat-extras.ts); repeated calls share the request. */
export const loadChatExtras = (): Promise<Extras> => import('./chat-extras.ts');

/** A lazy component taken from the chat extras. */
export function lazyExtra<K extends keyof Extras>(name: K) {
  return lazy(async () => ({ default: (await loadChatExtras())[name] as ComponentType<ComponentProps<Extras[K]>> }));
}
