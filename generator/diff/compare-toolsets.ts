// Toolsets in `diff`: a tool that leaves the default toolsets disappears for every client that chooses none, and a
// set that is removed makes `--toolsets <it>` refuse to start; both break someone who worked before.
import type { Surface } from '../core/index.js';
import type { Change } from './change.js';

export function diffToolsets(base: Surface, head: Surface, out: Change[]): void {
  const all = (s: Surface) => new Set(s.entries.tools.keys());
  const servedByDefault = (s: Surface) => s.toolsets?.defaultServed ?? all(s);
  const before = servedByDefault(base);
  const after = servedByDefault(head);
  for (const name of before) {
    // Removed (or renamed) tools are reported as such.
    if (!head.entries.tools.has(name) || after.has(name)) continue;
    out.push({
      class: 'breaking',
      rule: 'tool-left-default-toolsets',
      kind: 'tools',
      entry: name,
      side: 'head',
      path: ['tools', name],
      message: 'no longer in a default toolset: clients that choose no toolsets no longer see or call it',
    });
  }
  for (const [set, tools] of base.toolsets?.sets ?? []) {
    const now = head.toolsets?.sets.get(set);
    if (!now) {
      out.push({
        class: 'breaking',
        rule: 'toolset-removed',
        kind: 'server',
        entry: set,
        side: 'base',
        path: ['toolsets', set],
        message: `toolset \`${set}\` removed: servers started with --toolsets ${set} (or a request choosing it) are refused`,
      });
      continue;
    }
    for (const name of tools) {
      if (!head.entries.tools.has(name) || now.has(name) || (before.has(name) && !after.has(name))) continue;
      out.push({
        class: 'risky',
        rule: 'tool-left-toolset',
        kind: 'tools',
        entry: name,
        side: 'head',
        path: ['tools', name],
        message: `no longer in toolset \`${set}\`: clients that choose it no longer see or call it`,
      });
    }
  }
}
