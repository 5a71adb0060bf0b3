/**
 * The code a page opened on a conversation cannot show it without — the thread and the markdown
 * renderer, with the chunks they import — fetched as soon as the early requests have asked for
 * the conversation (main.tsx), instead of once the app's own 600 KB chunk has loaded, run and
 * asked for them. Not sooner: a dozen downloads would take the browser's six connections ahead
 * of the messages request. The build lists the files in a meta tag of index.html
 * (web/conversation-chunks.ts); this turns them into module preloads, which fetch and compile
 * without running anything, and style preloads (Vite resolves a chunk's import only once its
 * stylesheets have loaded).
 *
 * No imports: this runs before the app's chunk, as early-requests.ts does.
 */
export const CONVERSATION_CHUNKS_META = 'parley-conversation-chunks';

/** Preloads the conversation's code once the early requests asked for the opened conversation (`opened`). */
export function preloadConversationChunks(opened: boolean): void {
  if (!opened) return;
  const files = document.querySelector<HTMLMetaElement>(`meta[name="${CONVERSATION_CHUNKS_META}"]`)?.content.split(' ') ?? [];
  for (const href of files.filter(Boolean)) {
    const link = document.createElement('link');
    if (href.endsWith('.css')) {
      link.rel = 'preload';
      link.as = 'style';
    } else link.rel = 'modulepreload';
    // As the build's own tags and Vite's: a preload is reused only by a request of the same mode.
    link.crossOrigin = '';
    link.href = href;
    document.head.append(link);
  }
}
