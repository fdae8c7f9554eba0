// Names become identifiers and file names; two names that map to the same one would overwrite each other.
import type { Finding } from './finding.js';
import type { Manifest } from './manifest-types.js';
import { ENTRY_KINDS, entriesOf, type EntryKind } from './manifest-entries.js';
import { camelCase, fileBase, pascalCase, TOOL_NAME_PATTERN } from './naming.js';

const SINGULAR: Record<EntryKind, string> = {
  tools: 'tool',
  resources: 'resource',
  resourceTemplates: 'resource template',
  prompts: 'prompt',
};

export const HANDLER_DIRS: Record<EntryKind, string> = {
  tools: 'tools',
  resources: 'resources',
  resourceTemplates: 'resource-templates',
  prompts: 'prompts',
};

export function checkNames(m: Manifest): Finding[] {
  const findings: Finding[] = [];
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
          message: `${SINGULAR[kind]} name ${JSON.stringify(name)} has no letters or digits to name its handler after`,
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
          message: `${SINGULAR[kind]} ${JSON.stringify(name)} and ${JSON.stringify(other)} would share the handler ${camelCase(name)} (src/handlers/${HANDLER_DIRS[kind]}/${base}.ts)`,
          hint: 'rename one of them so that they differ in more than case and punctuation',
        });
      } else {
        for (const d of derived) seen.set(d, name);
      }
    }
  }
  return findings;
}

function suggestToolName(name: string): string {
  const cleaned = name.replace(/[^A-Za-z0-9_.-]+/g, '_').replace(/^_+|_+$/g, '');
  return (cleaned || 'tool').slice(0, 128);
}
