/** A diagram drawn by mermaid: its SVG, or why it could not be drawn. */
export type MermaidResult = { svg: string } | { error: string };

/** Drawn diagrams by theme and source, most recently used last; a row scrolled back into view reuses its drawing. */
const drawn = new Map<string, MermaidResult>();
const DRAWN_MAX = 200;
/** mermaid keeps one configuration: diagrams are drawn one after another, each with its theme set first. */
let queue: Promise<unknown> = Promise.resolve();
let counter = 0;

const keyOf = (source: string, dark: boolean) => `${dark ? 'dark' : 'light'}\n${source}`;

/** A diagram already drawn for this source and theme, if any. */
export function drawnDiagram(source: string, dark: boolean): MermaidResult | undefined {
  return drawn.get(keyOf(source, dark));
}

function remember(key: string, result: MermaidResult): MermaidResult {
  drawn.delete(key);
  drawn.set(key, result);
  if (drawn.size > DRAWN_MAX) drawn.delete(drawn.keys().next().value!);
  return result;
}

/**
 * Draws a mermaid diagram, loading mermaid (its own chunk) the first time. Strict security (no
 * scripts or click handlers, the SVG sanitised by mermaid's DOMPurify) and labels as SVG text.
 */
export function drawDiagram(source: string, dark: boolean): Promise<MermaidResult> {
  const key = keyOf(source, dark);
  const known = drawn.get(key);
  if (known) return Promise.resolve(known);
  const next = queue.then(async (): Promise<MermaidResult> => {
    const { default: mermaid } = await import('mermaid');
    mermaid.initialize({
      startOnLoad: false,
      securityLevel: 'strict',
      // Labels as SVG text, never HTML: nothing of the model's markup reaches the page (nor the PNG export's copy).
      htmlLabels: false,
      flowchart: { htmlLabels: false },
      theme: dark ? 'dark' : 'default',
      fontFamily: 'inherit',
    });
    const id = `mermaid-diagram-${++counter}`;
    try {
      const { svg } = await mermaid.render(id, source);
      return remember(key, { svg });
    } catch (error) {
      // mermaid leaves its error drawing in the page on a failed render.
      document.getElementById(`d${id}`)?.remove();
      return remember(key, { error: error instanceof Error ? error.message : String(error) });
    }
  });
  queue = next.catch(() => undefined);
  return next;
}
