// Names become identifiers and file names; two names that map to the same one would overwrite each other.
import type { Finding } from '../core/index.js';
import type { Manifest } from '../core/index.js';
import { ENTRY_KINDS, entriesOf, HANDLER_DIRS, KIND_LABEL, type EntryKind } from '../core/index.js';
import { camelCase, fileBase, pascalCase, TOOL_NAME_PATTERN } from '../core/index.js';

export function checkNames(m: Manifest): Finding[] {
  const findings: Finding[] = checkRenames(m);
  for (const kind of ENTRY_KINDS) {
    // Distinct file names can still share an identifier (`a_1b`, `a1b`), so every derived name is checked.
    const seen = new Map<string, string>();
    for (const [name] of entriesOf(m, kind)) {
      const path = [kind, name];
      if (kind === 'tools' && !TOOL_NAME_PATTERN.test(name)) {
        findings.push({
          code: 'name/invalid-tool-name',
          path,
          at: 'key',
          message: `tool name ${JSON.stringify(name)} is not allowed by the MCP specification`,
          hint: `use 1-128 characters of A-Z a-z 0-9 _ - . (for example ${JSON.stringify(suggestToolName(name))})`,
        });
        continue;
      }
      const base = fileBase(name);
      if (base === '' || camelCase(name) === '') {
        findings.push({
          code: 'name/no-identifier',
          path,
          at: 'key',
          message: `${KIND_LABEL[kind]} name ${JSON.stringify(name)} has no letters or digits to name its handler after`,
          hint: 'use a name with at least one letter',
        });
        continue;
      }
      const derived = [`file:${base}`, `ident:${camelCase(name)}`, `type:${pascalCase(name)}`];
      const other = derived.map((d) => seen.get(d)).find((n) => n !== undefined);
      if (other !== undefined) {
        findings.push({
          code: 'name/collision',
          path,
          at: 'key',
          message: `${KIND_LABEL[kind]} ${JSON.stringify(name)} and ${JSON.stringify(other)} would share the handler ${camelCase(name)} (src/handlers/${HANDLER_DIRS[kind]}/${base}.ts)`,
          hint: 'rename one of them so that they differ in more than case and punctuation',
        });
      } else {
        for (const d of derived) seen.set(d, name);
      }
    }
  }
  return findings;
}

/** `renamedFrom` must name an entry that is gone, and only one entry may claim it. */
export function checkRenames(m: Manifest): Finding[] {
  const findings: Finding[] = [];
  for (const kind of ENTRY_KINDS) {
    const entries = entriesOf(m, kind);
    const names = new Set(entries.map(([name]) => name));
    const claimed = new Map<string, string>();
    for (const [name, entry] of entries) {
      const from = (entry as { renamedFrom?: unknown }).renamedFrom;
      if (typeof from !== 'string') continue;
      const path = [kind, name, 'renamedFrom'];
      if (from === name || names.has(from)) {
        findings.push({
          code: 'name/rename-target-exists',
          path,
          message:
            from === name
              ? 'renamedFrom names the entry itself'
              : `renamedFrom names ${KIND_LABEL[kind]} ${JSON.stringify(from)}, which is still in the manifest`,
          hint: 'renamedFrom is the old name of an entry that was renamed; remove it or remove the old entry',
        });
      } else if (claimed.has(from)) {
        findings.push({
          code: 'name/rename-claimed-twice',
          path,
          message: `${KIND_LABEL[kind]} ${JSON.stringify(claimed.get(from))} is also renamed from ${JSON.stringify(from)}`,
          hint: 'only one entry can take over the old handler',
        });
      } else claimed.set(from, name);
    }
  }
  return findings;
}

function suggestToolName(name: string): string {
  const cleaned = name.replace(/[^A-Za-z0-9_.-]+/g, '_').replace(/^_+|_+$/g, '');
  return (cleaned || 'tool').slice(0, 128);
}
