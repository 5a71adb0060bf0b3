import { lazy, Suspense } from 'react';

const MarkdownBody = lazy(() => import('./markdown-body.tsx').then((m) => ({ default: m.MarkdownBody })));

/**
 * The markdown renderer, fetched with its parsers the first time a reply is shown; streaming and
 * finished replies share it, so a reply that finishes reuses the blocks parsed while it streamed.
 */
export function Markdown({ text }: { text: string }) {
  return (
    <Suspense fallback={<div className="whitespace-pre-wrap break-words">{text}</div>}>
      <MarkdownBody text={text} />
    </Suspense>
  );
}

/** Starts fetching the renderer early (while the thread loads), so replies paint formatted. */
export function preloadMarkdown(): void {
  void import('./markdown-body.tsx');
}
