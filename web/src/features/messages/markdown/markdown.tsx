import { Suspense } from 'react';
import { preloadable } from '../../../components/preloadable.tsx';

const markdownBody = preloadable(() => import('./markdown-body.tsx').then((m) => m.MarkdownBody));
const MarkdownBody = markdownBody.Component;

/**
 * The markdown renderer, fetched with its parsers the first time a reply is shown; streaming and
 * finished replies share it, so a reply that finishes reuses the blocks parsed while it streamed.
 */
export function Markdown({ text, streaming = false }: { text: string; streaming?: boolean }) {
  return (
    <Suspense fallback={<div className="whitespace-pre-wrap break-words">{text}</div>}>
      <MarkdownBody text={text} streaming={streaming} />
    </Suspense>
  );
}

/** Starts fetching the renderer early (while the thread loads), so replies paint formatted. */
export function preloadMarkdown(): Promise<unknown> {
  const loading = markdownBody.load();
  // A failed fetch is the renderer's to retry when it is shown.
  loading.catch(() => undefined);
  return loading;
}
