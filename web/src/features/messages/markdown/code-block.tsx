import { isValidElement, useRef, type ComponentProps, type ReactNode } from 'react';
import { CodeFrame } from './code-frame.tsx';
import { MermaidBlock } from './mermaid-block.tsx';

/** The text of a rendered code element (its highlighted spans joined). */
function textOf(node: ReactNode): string {
  if (typeof node === 'string' || typeof node === 'number') return String(node);
  if (Array.isArray(node)) return node.map(textOf).join('');
  if (isValidElement<{ children?: ReactNode }>(node)) return textOf(node.props.children);
  return '';
}

/**
 * A fenced code block: a bar with the language and a copy button over the highlighted code. A
 * finished `mermaid` block (`diagram`) is drawn as its diagram instead.
 */
export function CodeBlock({ children, diagram = false, ...props }: ComponentProps<'pre'> & { diagram?: boolean }) {
  const ref = useRef<HTMLPreElement>(null);
  const codeClass = isValidElement<{ className?: string }>(children) ? (children.props.className ?? '') : '';
  const language = /language-([\w+#-]+)/.exec(codeClass)?.[1];
  const code = (
    <pre ref={ref} className="overflow-x-auto p-4 leading-relaxed text-neutral-100" {...props}>
      {children}
    </pre>
  );
  if (diagram && language?.toLowerCase() === 'mermaid') return <MermaidBlock source={textOf(children)} code={code} />;
  return (
    <CodeFrame language={language ?? ''} copyText={() => ref.current?.innerText ?? ''}>
      {code}
    </CodeFrame>
  );
}
