import { describe, expect, it } from 'vitest';
import { conversationChunkFiles, type BuiltChunk } from './conversation-chunks.ts';

const chunk = (fileName: string, imports: string[] = [], extra: Partial<BuiltChunk> = {}): BuiltChunk => ({ type: 'chunk', fileName, imports, ...extra });

describe('the chunks a page opened on a conversation preloads', () => {
  it('are the thread and markdown chunks with what they import and their stylesheets, less what the entry loads itself', () => {
    const bundle: BuiltChunk[] = [
      chunk('assets/index.js', ['assets/early.js', 'assets/runtime.js'], { isEntry: true, viteMetadata: { importedCss: new Set(['assets/index.css']) } }),
      chunk('assets/early.js'),
      chunk('assets/runtime.js'),
      chunk('assets/app.js', ['assets/runtime.js']),
      chunk('assets/thread.js', ['assets/app.js', 'assets/copy.js'], {
        facadeModuleId: '/repo/web/src/features/chat/thread.tsx',
        viteMetadata: { importedCss: new Set(['assets/thread.css', 'assets/index.css']) },
      }),
      chunk('assets/copy.js', ['assets/app.js']),
      chunk('assets/markdown-body.js', ['assets/app.js', 'assets/copy.js'], { facadeModuleId: '/repo/web/src/features/messages/markdown/markdown-body.tsx' }),
      chunk('assets/settings.js', ['assets/app.js'], { facadeModuleId: '/repo/web/src/features/settings/settings.tsx' }),
      { type: 'asset', fileName: 'assets/app.css' },
    ];
    expect(conversationChunkFiles(bundle)).toEqual(['assets/thread.js', 'assets/thread.css', 'assets/app.js', 'assets/copy.js', 'assets/markdown-body.js']);
  });

  it('fail the build when the thread or the markdown renderer has no chunk of its own', () => {
    const bundle = [chunk('assets/index.js', [], { isEntry: true }), chunk('assets/thread.js', [], { facadeModuleId: '/w/src/features/chat/thread.tsx' })];
    expect(() => conversationChunkFiles(bundle)).toThrow(/markdown-body\.tsx/);
  });
});
