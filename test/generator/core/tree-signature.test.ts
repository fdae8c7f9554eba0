// Stat signatures of a tree: what they notice, git's racy-timestamp rule, and trees they refuse to vouch for.
import { mkdirSync, renameSync, rmSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs';
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
    expect(treeUnchanged(record, [dir])).toBe(true);
    // A record is only ever about the folders it was taken in.
    expect(treeUnchanged(record, [dir, tempDir('mcp-gen-other-')])).toBe(false);
  });

  it('notice a new mtime, a new size, a file appearing where none was, and a replaced folder', () => {
    const dir = tree();
    const record = capture(dir)!;
    utimesSync(join(dir, 'package.json'), Date.now() / 1000 - 30, Date.now() / 1000 - 30);
    expect(treeUnchanged(record, [dir])).toBe(false);
    expect(treeUnchanged(capture(dir)!, [dir])).toBe(true);

    const sized = capture(dir)!;
    writeFileSync(join(dir, 'package.json'), '{ }\n');
    expect(treeUnchanged(sized, [dir])).toBe(false);

    const absent = capture(dir)!;
    writeFileSync(join(dir, 'absent.json'), '{}');
    expect(treeUnchanged(absent, [dir])).toBe(false);

    const folder = capture(dir)!;
    renameSync(join(dir, 'src'), join(dir, 'old-src'));
    mkdirSync(join(dir, 'src', 'generated'), { recursive: true });
    renameSync(join(dir, 'old-src', 'generated', 'a.ts'), join(dir, 'src', 'generated', 'a.ts'));
    expect(treeUnchanged(folder, [dir])).toBe(false);
  });

  it('do not trust a file whose mtime is not older than the capture (racy)', () => {
    const dir = tree();
    const mtime = BigInt(THEN) * 1_000_000_000n;
    // Rounded down to 2 s: a capture within the same 2 s as the file's mtime does not vouch for it.
    expect(treeUnchanged(capture(dir, mtime)!, [dir])).toBe(false);
    expect(treeUnchanged(capture(dir, mtime + 1_500_000_000n)!, [dir])).toBe(false);
    expect(treeUnchanged(capture(dir, mtime + 2_000_000_000n)!, [dir])).toBe(true);
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
    expect(treeUnchanged(record, [dir])).toBe(false);
  });

  it('vouch for the names in a listed folder: a file missing, added or replaced by a link is seen, an edit is not', () => {
    const listed = () => {
      const dir = tree();
      mkdirSync(join(dir, 'src', 'handlers'));
      writeFileSync(join(dir, 'src', 'handlers', 'h.ts'), 'export const h = 1;\n');
      utimesSync(join(dir, 'src', 'handlers'), THEN, THEN);
      const c = new TreeCapture(NOW);
      c.addListed(dir, ['src/handlers']);
      return { dir, record: c.finish('k')! };
    };
    const { dir, record } = listed();
    expect(Object.keys(record.roots[dir].entries)).toContain('src/handlers/*');
    expect(treeUnchanged(record, [dir])).toBe(true);
    // The user's code is not what a no-op depends on.
    writeFileSync(join(dir, 'src', 'handlers', 'h.ts'), 'export const h = 2;\n');
    expect(treeUnchanged(record, [dir])).toBe(true);
    rmSync(join(dir, 'src', 'handlers', 'h.ts'));
    expect(treeUnchanged(record, [dir])).toBe(false);

    const added = listed();
    writeFileSync(join(added.dir, 'src', 'handlers', 'new.ts'), '');
    expect(treeUnchanged(added.record, [added.dir])).toBe(false);

    const linked = listed();
    const outside = tempDir('mcp-gen-outside-');
    writeFileSync(join(outside, 'h.ts'), 'export const h = 3;\n');
    rmSync(join(linked.dir, 'src', 'handlers', 'h.ts'));
    symlinkSync(join(outside, 'h.ts'), join(linked.dir, 'src', 'handlers', 'h.ts'));
    utimesSync(join(linked.dir, 'src', 'handlers'), THEN, THEN); // even with the folder's mtime put back: its ctime moved
    expect(treeUnchanged(linked.record, [linked.dir])).toBe(false);

    // A listed folder changed within the racy window is not trusted.
    const fresh = tree();
    mkdirSync(join(fresh, 'src', 'handlers'));
    const c = new TreeCapture(NOW - 10_000_000_000n);
    c.addListed(fresh, ['src/handlers']);
    expect(treeUnchanged(c.finish('k')!, [fresh])).toBe(false);
    // A listed path that is a link is refused at capture.
    symlinkSync(outside, join(fresh, 'src', 'linked'));
    const l = new TreeCapture(NOW);
    l.addListed(fresh, ['src/linked']);
    expect(l.finish('k')).toBeUndefined();
  });

  it('break when the folder itself now resolves elsewhere', () => {
    const dir = tree();
    const parent = tempDir('mcp-gen-parent-');
    symlinkSync(dir, join(parent, 'project'));
    const c = new TreeCapture(NOW);
    c.add(join(parent, 'project'), ['package.json']);
    const record = c.finish('k')!;
    expect(treeUnchanged(record, [join(parent, 'project')])).toBe(true);
    const other = tree();
    renameSync(join(parent, 'project'), join(parent, 'old'));
    symlinkSync(other, join(parent, 'project'));
    expect(treeUnchanged(record, [join(parent, 'project')])).toBe(false);
  });
});
