import type { Plugin } from 'vite';
import { CONVERSATION_CHUNKS_META } from './src/api/early-chunks.ts';

/** What the plugin reads of a built chunk (rolldown's OutputChunk). */
export interface BuiltChunk {
  type: 'chunk' | 'asset';
  fileName: string;
  isEntry?: boolean;
  facadeModuleId?: string | null;
  imports?: readonly string[];
  /** The stylesheets Vite loads before the chunk's dynamic import resolves. */
  viteMetadata?: { importedCss: ReadonlySet<string> };
}

/** The modules a page opened on a conversation renders at once (lazy-thread.ts, markdown.tsx). */
const conversationModules = ['/src/features/chat/thread.tsx', '/src/features/messages/markdown/markdown-body.tsx'];

/**
 * The files of the conversation modules' chunks and of every chunk they import statically,
 * with their stylesheets, less those the entry's own tags load already. Fails the build when a module has no
 * chunk of its own (renamed, or no longer loaded lazily): the preload would silently stop.
 */
export function conversationChunkFiles(chunks: readonly BuiltChunk[]): string[] {
  const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const entry = chunks.find((chunk) => chunk.type === 'chunk' && chunk.isEntry);
  const loaded = new Set(entry ? [entry.fileName, ...(entry.imports ?? [])] : []);
  for (const file of [...loaded]) for (const css of byFile.get(file)?.viteMetadata?.importedCss ?? []) loaded.add(css);
  const wanted = new Set<string>();
  const add = (file: string) => {
    if (loaded.has(file) || wanted.has(file)) return;
    wanted.add(file);
    const chunk = byFile.get(file);
    for (const css of chunk?.viteMetadata?.importedCss ?? []) if (!loaded.has(css)) wanted.add(css);
    for (const dependency of chunk?.imports ?? []) add(dependency);
  };
  for (const module of conversationModules) {
    const chunk = chunks.find((candidate) => candidate.type === 'chunk' && candidate.facadeModuleId?.endsWith(module));
    if (!chunk) throw new Error(`conversation-chunks: no chunk of its own for ${module}`);
    add(chunk.fileName);
  }
  return [...wanted];
}

/** Writes the conversation's chunk files into index.html's meta tag, for early-chunks.ts. */
export function conversationChunks(): Plugin {
  let base = '/';
  return {
    name: 'parley-conversation-chunks',
    apply: 'build',
    configResolved(config) {
      base = config.base;
    },
    transformIndexHtml: {
      order: 'post',
      handler(_html, { bundle }) {
        if (!bundle) return [];
        const files = conversationChunkFiles(Object.values(bundle) as BuiltChunk[]);
        return [{ tag: 'meta', attrs: { name: CONVERSATION_CHUNKS_META, content: files.map((file) => `${base}${file}`).join(' ') }, injectTo: 'head' }];
      },
    },
  };
}
