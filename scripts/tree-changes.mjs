// What a run changed in the git work tree: `npm test` snapshots it before and after and fails
// naming the files, so no test writes into tracked (or unignored) places.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';

/** Each changed or untracked-and-not-ignored path of the work tree at `root`, with its status and content hash. */
export function snapshotTree(root) {
  const git = (args) => execFileSync('git', args, { cwd: root, encoding: 'utf8' });
  const entries = git(['status', '--porcelain=v1', '-z', '--no-renames', '--untracked-files=all'])
    .split('\0')
    .filter(Boolean)
    .map((entry) => ({ status: entry.slice(0, 2), file: entry.slice(3) }));
  return new Map(
    entries.map(({ status, file }) => {
      const hash = existsSync(path.join(root, file)) ? git(['hash-object', '--', file]).trim() : 'deleted';
      return [file, `${status} ${hash}`];
    }),
  );
}

/** The paths whose state differs between two snapshots, sorted. */
export function changedPaths(before, after) {
  const files = new Set([...before.keys(), ...after.keys()]);
  return [...files].filter((file) => before.get(file) !== after.get(file)).sort();
}
