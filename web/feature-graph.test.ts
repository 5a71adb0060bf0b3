import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { cycles, featureGraph, mutualPairs, unitGraph } from './feature-graph.ts';

const src = join(dirname(fileURLToPath(import.meta.url)), 'src');

describe('the feature folders of web/src', () => {
  const features = featureGraph(unitGraph(src));

  it('import each other one way only: no two import each other, no circle', () => {
    expect([...features.values()].reduce((edges, targets) => edges + targets.size, 0)).toBeGreaterThan(0);
    expect(mutualPairs(features)).toEqual([]);
    expect(cycles(features)).toEqual([]);
  });
});

describe('the feature graph', () => {
  const root = mkdtempSync(join(tmpdir(), 'feature-graph-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));
  const write = (path: string, text: string) => {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  };

  it('follows static, side-effect and dynamic imports into features, and finds their circles', () => {
    write('features/a/a.ts', "import { b } from '../b/b.ts';\nexport const a = b;");
    write('features/b/b.ts', "export const b = 1;\nexport const load = () => import('../c/c.tsx');");
    write('features/c/c.tsx', "import '../a/a.ts';\nimport { s } from '../../state/s.ts';\nexport default s;");
    write('features/d/d.ts', "import { b } from '../b/b.ts';\nexport const d = b;");
    write('state/s.ts', 'export const s = 1;');
    const graph = unitGraph(root);
    expect(graph.get('features/c')).toEqual(new Set(['features/a', 'state']));
    expect(cycles(featureGraph(graph))).toEqual([['features/a', 'features/b', 'features/c']]);
    expect(mutualPairs(featureGraph(graph))).toEqual([]);
  });
});
