import { createMemoryStreamRegistry } from './memory-registry.ts';
import { runStreamRegistrySuite } from './registry-suite.ts';

runStreamRegistrySuite('memory', async (options) => {
  const registry = createMemoryStreamRegistry(options);
  return { writer: registry, reader: registry, close: () => registry.close() };
});
