import 'katex/dist/katex.min.css';
import 'highlight.js/styles/github-dark.css';
import './markdown.css';
import { memo, type ComponentProps, type ReactElement } from 'react';
import ReactMarkdown, { type Components } from 'react-markdown';
import rehypeHighlight from 'rehype-highlight';
import rehypeKatex from 'rehype-katex';
import remarkGfm from 'remark-gfm';
import remarkMath from 'remark-math';
import { CodeBlock } from './code-block.tsx';
import { highlightLanguages } from './highlight-languages.ts';
import { MarkdownImage } from './markdown-image.tsx';
import { normalizeMath } from './math-delimiters.ts';
import { splitMarkdownBlocks } from './split-blocks.ts';

/**
 * rehype-highlight builds its highlighter, registering every grammar, each time it is attached,
 * and react-markdown attaches its plugins anew for every text it parses: opening a long
 * conversation spent 80 ms of its first render registering grammars again for each block. The
 * highlighter is built once, when this module loads (ahead of the first reply on a page opened
 * on a conversation, whose code is preloaded), and every parse reuses it.
 */
const highlight = rehypeHighlight({ languages: highlightLanguages, detect: false });
const rehypeHighlightOnce = () => highlight;

const remarkPlugins = [remarkGfm, [remarkMath, { singleDollarTextMath: false }]] satisfies ComponentProps<typeof ReactMarkdown>['remarkPlugins'];
const rehypePlugins = [rehypeHighlightOnce, rehypeKatex] satisfies ComponentProps<typeof ReactMarkdown>['rehypePlugins'];

const shared: Components = {
  a: ({ node: _node, ...props }) => <a {...props} target="_blank" rel="noreferrer noopener" />,
  img: MarkdownImage,
  table: ({ node: _node, ...props }) => (
    <div className="my-3 overflow-x-auto">
      <table {...props} />
    </div>
  ),
};
/** A finished block draws its mermaid diagrams; the block still growing shows their source. */
const finishedComponents: Components = { ...shared, pre: ({ node: _node, ...props }) => <CodeBlock {...props} diagram /> };
const growingComponents: Components = { ...shared, pre: ({ node: _node, ...props }) => <CodeBlock {...props} /> };

/** Rendered blocks by their text, most recently used last; bounded so a long session stays small. */
const renderedBlocks = new Map<string, ReactElement>();
const RENDERED_BLOCKS_MAX = 1000;

const parse = (text: string, complete: boolean) =>
  ReactMarkdown({ children: text, remarkPlugins, rehypePlugins, components: complete ? finishedComponents : growingComponents });

/**
 * One complete block's rendering, parsed once per text: a finished reply remounts under its
 * stored id, and its blocks, parsed while it streamed, are mounted again without another parse.
 */
function renderBlock(text: string): ReactElement {
  let element = renderedBlocks.get(text);
  if (element) renderedBlocks.delete(text);
  else element = parse(text, true);
  renderedBlocks.set(text, element);
  if (renderedBlocks.size > RENDERED_BLOCKS_MAX) renderedBlocks.delete(renderedBlocks.keys().next().value!);
  return element;
}

/** The last block may still grow: it is parsed on every change and never cached. */
const MarkdownBlock = memo(function MarkdownBlock({ text, complete }: { text: string; complete: boolean }) {
  return complete ? renderBlock(text) : parse(text, false);
});

/**
 * Markdown of a reply: GFM (tables, task lists, strikethrough), highlighted code, KaTeX math
 * in the delimiters models write (`$…$`, `\(…\)`, `\[…\]`, `$$…$$`; see `normalizeMath`).
 * Raw HTML is never rendered (react-markdown drops it by default). Rendered block by block, so
 * the blocks already complete keep their rendering while a reply streams and each frame parses
 * only the last one (bench/long-conversation.ts measures it); a finished reply's blocks are all
 * complete. Fenced `mermaid` blocks, once complete, are drawn as diagrams. Loaded on demand.
 */
export function MarkdownBody({ text, streaming = false }: { text: string; streaming?: boolean }) {
  const blocks = splitMarkdownBlocks(normalizeMath(text));
  return (
    <div className="markdown">
      {blocks.map((block, index) => (
        <MarkdownBlock key={index} text={block} complete={!streaming || index < blocks.length - 1} />
      ))}
    </div>
  );
}
