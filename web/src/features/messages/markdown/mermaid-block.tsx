import { Code2, Workflow } from 'lucide-react';
import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useDarkClass } from '../../../components/use-dark-class.ts';
import { CodeFrame } from './code-frame.tsx';
import { drawDiagram, drawnDiagram, type MermaidResult } from './mermaid-render.ts';

/** Runs `work` once the browser is idle (or soon, at the latest), so drawing never delays the reply's own paint. */
function whenIdle(work: () => void): () => void {
  if (typeof requestIdleCallback === 'function') {
    const handle = requestIdleCallback(work, { timeout: 400 });
    return () => cancelIdleCallback(handle);
  }
  const handle = setTimeout(work, 0);
  return () => clearTimeout(handle);
}

/**
 * A finished `mermaid` code block, drawn as its diagram: mermaid loads in its own chunk the first
 * time one is shown and draws in the page's theme (again when it changes). Until it is drawn, and
 * when it cannot be (the reason shown above it), the source shows; a button switches between the two.
 */
export function MermaidBlock({ source, code }: { source: string; code: ReactNode }) {
  const { t } = useTranslation();
  const dark = useDarkClass();
  const [result, setResult] = useState<MermaidResult | undefined>(() => drawnDiagram(source, dark));
  const [showSource, setShowSource] = useState(false);

  useEffect(() => {
    const known = drawnDiagram(source, dark);
    if (known) return setResult(known);
    let live = true;
    // The drawing in the former theme stays until the new one is ready.
    const cancel = whenIdle(() => void drawDiagram(source, dark).then((drawn) => live && setResult(drawn)));
    return () => {
      live = false;
      cancel();
    };
  }, [source, dark]);

  const svg = result && 'svg' in result ? result.svg : null;
  const toggle = svg ? (
    <button
      type="button"
      data-testid="mermaid-toggle"
      aria-pressed={showSource}
      onClick={() => setShowSource((shown) => !shown)}
      className="inline-flex cursor-pointer items-center gap-1.5 rounded-md px-1.5 py-0.5 hover:bg-neutral-700 hover:text-white"
    >
      {showSource ? <Workflow aria-hidden className="size-3.5" /> : <Code2 aria-hidden className="size-3.5" />}
      {showSource ? t('chat.mermaid.show_diagram') : t('chat.mermaid.show_source')}
    </button>
  ) : null;

  return (
    <CodeFrame language="mermaid" copyText={() => source} actions={toggle}>
      {result && 'error' in result ? (
        <p role="note" data-testid="mermaid-error" className="border-b border-neutral-800 bg-amber-950/40 px-4 py-2 text-xs text-amber-200">
          {t('chat.mermaid.failed', { error: result.error })}
        </p>
      ) : null}
      {svg && !showSource ? (
        <div
          role="img"
          aria-label={t('chat.mermaid.label')}
          data-testid="mermaid-diagram"
          className="flex justify-center overflow-x-auto bg-white p-4 dark:bg-neutral-900 [&_svg]:h-auto [&_svg]:max-w-full"
          // The SVG comes from mermaid at its strict security level, sanitised by its DOMPurify.
          dangerouslySetInnerHTML={{ __html: svg }}
        />
      ) : (
        <div aria-busy={!result}>{code}</div>
      )}
    </CodeFrame>
  );
}
