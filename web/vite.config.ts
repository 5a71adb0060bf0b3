import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { appChunk } from './app-chunk.ts';
import { conversationChunks } from './conversation-chunks.ts';

export default defineConfig({
  plugins: [react(), tailwindcss(), conversationChunks()],
  server: {
    port: 5173,
    proxy: { '/api': 'http://127.0.0.1:3080', '/oauth': 'http://127.0.0.1:3080' },
  },
  // PARLEY_WEB_DIST: another output folder (scripts/builds.mjs, for its test).
  build: {
    outDir: process.env.PARLEY_WEB_DIST || 'dist',
    emptyOutDir: true,
    sourcemap: false,
    rolldownOptions: { output: { codeSplitting: { groups: [{ name: appChunk(), includeDependenciesRecursively: false }] } } },
  },
});
