import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { changedPaths, snapshotTree } from './tree-changes.mjs';

function repo() {
  const root = mkdtempSync(path.join(tmpdir(), 'parley-tree-'));
  const git = (...args: string[]) => execFileSync('git', args, { cwd: root });
  git('init', '-q');
  writeFileSync(path.join(root, '.gitignore'), 'shots/\n');
  writeFileSync(path.join(root, 'readme.png'), 'old picture');
  writeFileSync(path.join(root, 'edited before.txt'), 'one');
  git('add', '.');
  git('-c', 'user.name=t', '-c', 'user.email=t@example.com', 'commit', '-qm', 'start');
  writeFileSync(path.join(root, 'edited before.txt'), 'two');
  return root;
}

describe('what a test run changed in the work tree', () => {
  it('names a tracked file rewritten, a new unignored file and a file edited further, not ignored output', () => {
    const root = repo();
    const before = snapshotTree(root);
    expect(changedPaths(before, snapshotTree(root))).toEqual([]);
    writeFileSync(path.join(root, 'readme.png'), 'new picture');
    writeFileSync(path.join(root, 'stray.png'), 'picture');
    writeFileSync(path.join(root, 'edited before.txt'), 'three');
    mkdirSync(path.join(root, 'shots'));
    writeFileSync(path.join(root, 'shots', 'ignored.png'), 'picture');
    expect(changedPaths(before, snapshotTree(root))).toEqual(['edited before.txt', 'readme.png', 'stray.png']);
  });
});
