// Stat signatures of a tree: what they notice, git's racy-timestamp rule, and trees they refuse to vouch for.
import { mkdirSync, renameSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { TreeCapture, treeUnchanged } from '../../../generator/core/tree-signature.js';
import { tempDir } from '../../support/project.js';

const NOW = BigInt(Date.now()) * 1_000_000n;
/** A minute ago, on an even second: the files' mtime. */
const THEN = (Math.floor(Date.now() / 2000) - 30) * 2;

function tree(): string {
  const dir = tempDir('mcp-gen-tree-');
  mkdirSync(join(dir, 'src', 'generated'), { recursive: true });
  writeFileSync(join(dir, 'src', 'generated', 'a.ts'), 'export {};\n');
  writeFileSync(join(dir, 'package.json'), '{}\n');
  utimesSync(join(dir, 'src', 'generated', 'a.ts'), THEN, THEN);
  utimesSync(join(dir, 'package.json'), THEN, THEN);
  return dir;
}

function capture(dir: string, since = NOW, paths = ['src/generated/a.ts', 'package.json', 'absent.json']) {
  const c = new TreeCapture(since);
  c.add(dir, paths);
  return c.finish('k');
}

describe('tree signatures', () => {
  it('hold while nothing changes, for present and absent files alike', () => {
    const dir = tree();
    const record = capture(dir)!;
    expect(Object.keys(record.roots[dir].entries).sort()).toEqual([
      '',
      'absent.json',
      'package.json',
      'src',
      'src/generated',
      'src/generated/a.ts',
    ]);
    expect(treeUnchanged(record)).toBe(true);
  });

  it('notice a new mtime, a new size, a file appearing where none was, and a replaced folder', () => {
    const dir = tree();
    const record = capture(dir)!;
    utimesSync(join(dir, 'package.json'), Date.now() / 1000 - 30, Date.now() / 1000 - 30);
    expect(treeUnchanged(record)).toBe(false);
    expect(treeUnchanged(capture(dir)!)).toBe(true);

    const sized = capture(dir)!;
    writeFileSync(join(dir, 'package.json'), '{ }\n');
    expect(treeUnchanged(sized)).toBe(false);

    const absent = capture(dir)!;
    writeFileSync(join(dir, 'absent.json'), '{}');
    expect(treeUnchanged(absent)).toBe(false);

    const folder = capture(dir)!;
    renameSync(join(dir, 'src'), join(dir, 'old-src'));
    mkdirSync(join(dir, 'src', 'generated'), { recursive: true });
    renameSync(join(dir, 'old-src', 'generated', 'a.ts'), join(dir, 'src', 'generated', 'a.ts'));
    expect(treeUnchanged(folder)).toBe(false);
  });

  it('do not trust a file whose mtime is not older than the capture (racy)', () => {
    const dir = tree();
    const mtime = BigInt(THEN) * 1_000_000_000n;
    // Rounded down to 2 s: a capture within the same 2 s as the file's mtime does not vouch for it.
    expect(treeUnchanged(capture(dir, mtime)!)).toBe(false);
    expect(treeUnchanged(capture(dir, mtime + 1_500_000_000n)!)).toBe(false);
    expect(treeUnchanged(capture(dir, mtime + 2_000_000_000n)!)).toBe(true);
  });

  it('are never recorded for a tree with a link on the way, and a link planted later breaks them', () => {
    const dir = tree();
    const outside = tempDir('mcp-gen-outside-');
    symlinkSync(outside, join(dir, 'linked'));
    expect(capture(dir, NOW, ['linked/x.ts'])).toBeUndefined();
    symlinkSync(join(dir, 'package.json'), join(dir, 'alias.json'));
    expect(capture(dir, NOW, ['alias.json'])).toBeUndefined();
    expect(capture(dir, NOW, ['../escape.json'])).toBeUndefined();

    const record = capture(dir)!;
    renameSync(join(dir, 'src', 'generated'), join(outside, 'generated'));
    symlinkSync(join(outside, 'generated'), join(dir, 'src', 'generated'));
    expect(treeUnchanged(record)).toBe(false);
  });

  it('break when the folder itself now resolves elsewhere', () => {
    const dir = tree();
    const parent = tempDir('mcp-gen-parent-');
    symlinkSync(dir, join(parent, 'project'));
    const c = new TreeCapture(NOW);
    c.add(join(parent, 'project'), ['package.json']);
    const record = c.finish('k')!;
    expect(treeUnchanged(record)).toBe(true);
    const other = tree();
    renameSync(join(parent, 'project'), join(parent, 'old'));
    symlinkSync(other, join(parent, 'project'));
    expect(treeUnchanged(record)).toBe(false);
  });
});
