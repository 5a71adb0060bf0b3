import 'katex/dist/katex.min.css';
import 'highlight.js/styles/github-dark.css';
import './markdown.css';
import { memo, type ComponentProps } from 'react';
import ReactMarkdown, { type Components } from 'react-markdown';
import rehypeHighlight from 'rehype-highlight';
import rehypeKatex from 'rehype-katex';
import remarkGfm from 'remark-gfm';
import remarkMath from 'remark-math';
import { CodeBlock } from './code-block.tsx';
import { highlightLanguages } from './highlight-languages.ts';
import { splitMarkdownBlocks } from './split-blocks.ts';

const remarkPlugins = [remarkGfm, [remarkMath, { singleDollarTextMath: false }]] satisfies ComponentProps<typeof ReactMarkdown>['remarkPlugins'];
const rehypePlugins = [
  [rehypeHighlight, { languages: highlightLanguages, detect: false }],
  rehypeKatex,
] satisfies ComponentProps<typeof ReactMarkdown>['rehypePlugins'];

const components: Components = {
  pre: ({ node: _node, ...props }) => <CodeBlock {...props} />,
  a: ({ node: _node, ...props }) => <a {...props} target="_blank" rel="noreferrer noopener" />,
  table: ({ node: _node, ...props }) => (
    <div className="my-3 overflow-x-auto">
      <table {...props} />
    </div>
  ),
};

/**
 * Markdown of a reply: GFM (tables, task lists, strikethrough), highlighted code, KaTeX math.
 * Raw HTML is never rendered (react-markdown drops it by default). Loaded on demand.
 */
export const MarkdownBody = memo(function MarkdownBody({ text }: { text: string }) {
  return (
    <div className="markdown">
      <ReactMarkdown remarkPlugins={remarkPlugins} rehypePlugins={rehypePlugins} components={components}>
        {text}
      </ReactMarkdown>
    </div>
  );
});

const MarkdownBlock = memo(function MarkdownBlock({ text }: { text: string }) {
  return (
    <ReactMarkdown remarkPlugins={remarkPlugins} rehypePlugins={rehypePlugins} components={components}>
      {text}
    </ReactMarkdown>
  );
});

/**
 * A reply while it streams: rendered block by block, so the blocks already complete keep their
 * rendering and each frame parses only the last one (bench/long-conversation.ts measures it).
 */
export function StreamingMarkdownBody({ text }: { text: string }) {
  return (
    <div className="markdown">
      {splitMarkdownBlocks(text).map((block, index) => (
        <MarkdownBlock key={index} text={block} />
      ))}
    </div>
  );
}
