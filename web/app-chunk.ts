import path from 'node:path';
import { fileURLToPath } from 'node:url';

interface ModuleGraph {
  getModuleInfo(moduleId: string): { importedIds: readonly string[] } | null;
}

const src = path.join(path.dirname(fileURLToPath(import.meta.url)), 'src');

/** Every module `from` imports statically, directly or not (dynamic imports are not followed). */
function staticImports(from: string, graph: ModuleGraph): Set<string> {
  const seen = new Set<string>();
  const queue = [from];
  for (let id = queue.pop(); id !== undefined; id = queue.pop()) {
    if (seen.has(id)) continue;
    seen.add(id);
    queue.push(...(graph.getModuleInfo(id)?.importedIds ?? []));
  }
  return seen;
}

/**
 * The chunk of everything boot.tsx imports statically: the signed-in chat and what it needs.
 * Left to the bundler, each module boot shares with a lazy screen (an icon, a store) became a
 * chunk of its own, some fifty files that a browser fetches six at a time. Modules main.tsx
 * imports itself (zod, configured before boot loads) stay out, so loading them runs no app code:
 * the group must not take in its modules' dependencies (`includeDependenciesRecursively: false`).
 */
export function appChunk() {
  let app: Set<string> | undefined;
  return (moduleId: string, graph: ModuleGraph): string | null => {
    if (!app) {
      const main = staticImports(path.join(src, 'main.tsx'), graph);
      app = new Set([...staticImports(path.join(src, 'boot.tsx'), graph)].filter((id) => !main.has(id)));
    }
    return app.has(moduleId) ? 'app' : null;
  };
}
