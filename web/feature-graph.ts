import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

/** Every import of a web source file: static, side-effect and dynamic (`import('…')`). */
const importPattern = /(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+)['"](\.{1,2}\/[^'"]+)['"]/g;

/** The unit a source file belongs to: `features/<name>` for a feature, else its top folder or file under src/. */
function unitOf(pathInSrc: string): string {
  const parts = pathInSrc.split('/');
  return parts[0] === 'features' && parts.length > 2 ? `features/${parts[1]}` : parts[0]!;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/** unit → the units its files import (relative imports only; packages are not units). */
export function unitGraph(srcDir: string, include: (pathInSrc: string) => boolean = () => true): Map<string, Set<string>> {
  const graph = new Map<string, Set<string>>();
  for (const file of sourceFiles(srcDir)) {
    const from = relative(srcDir, file);
    if (!include(from)) continue;
    const targets = graph.get(unitOf(from)) ?? new Set<string>();
    graph.set(unitOf(from), targets);
    for (const [, specifier] of readFileSync(file, 'utf8').matchAll(importPattern)) {
      const to = relative(srcDir, resolve(dirname(file), specifier!));
      if (to.startsWith('..')) continue;
      if (unitOf(to) !== unitOf(from)) targets.add(unitOf(to));
    }
  }
  return graph;
}

/** The feature → feature part of a unit graph. */
export function featureGraph(graph: Map<string, Set<string>>): Map<string, Set<string>> {
  const features = new Map<string, Set<string>>();
  for (const [unit, targets] of graph) {
    if (!unit.startsWith('features/')) continue;
    features.set(unit, new Set([...targets].filter((target) => target.startsWith('features/'))));
  }
  return features;
}

/** Pairs of units that import each other, each pair once ("a ↔ b"). */
export function mutualPairs(graph: Map<string, Set<string>>): string[] {
  const pairs: string[] = [];
  for (const [a, targets] of graph) {
    for (const b of targets) if (a < b && graph.get(b)?.has(a)) pairs.push(`${a} ↔ ${b}`);
  }
  return pairs.sort();
}

/** The strongly connected groups of more than one unit (Tarjan): each is at least one cycle. */
export function cycles(graph: Map<string, Set<string>>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const groups: string[][] = [];
  const visit = (unit: string) => {
    index.set(unit, index.size);
    low.set(unit, index.get(unit)!);
    stack.push(unit);
    onStack.add(unit);
    for (const next of graph.get(unit) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(unit, Math.min(low.get(unit)!, low.get(next)!));
      } else if (onStack.has(next)) low.set(unit, Math.min(low.get(unit)!, index.get(next)!));
    }
    if (low.get(unit) !== index.get(unit)) return;
    const group: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      group.push(member);
    } while (member !== unit);
    if (group.length > 1) groups.push(group.sort());
  };
  for (const unit of graph.keys()) if (!index.has(unit)) visit(unit);
  return groups;
}
