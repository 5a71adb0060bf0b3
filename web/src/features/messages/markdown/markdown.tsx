import { lazy, Suspense } from 'react';

const MarkdownBody = lazy(() => import('./markdown-body.tsx').then((m) => ({ default: m.MarkdownBody })));
const StreamingMarkdownBody = lazy(() => import('./markdown-body.tsx').then((m) => ({ default: m.StreamingMarkdownBody })));

/** The markdown renderer, fetched with its parsers the first time a reply is shown. */
export function Markdown({ text }: { text: string }) {
  return (
    <Suspense fallback={<div className="whitespace-pre-wrap break-words">{text}</div>}>
      <MarkdownBody text={text} />
    </Suspense>
  );
}

/** The same for a reply that is still streaming: complete blocks are not parsed again per frame. */
export function StreamingMarkdown({ text }: { text: string }) {
  return (
    <Suspense fallback={<div className="whitespace-pre-wrap break-words">{text}</div>}>
      <StreamingMarkdownBody text={text} />
    </Suspense>
  );
}

/** Starts fetching the renderer early (while the thread loads), so replies paint formatted. */
export function preloadMarkdown(): void {
  void import('./markdown-body.tsx');
}
