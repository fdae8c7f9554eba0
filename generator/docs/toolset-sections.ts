// The Tools part of `mcp-gen docs`: one list without toolsets; with them, one section per set (its tools, each
// documented once, where it first appears) and the tools in no set, which are always served.
import type { Manifest } from '../core/index.js';
import { defaultToolsets, markdownText, servedTools, toolsetsOf, toolsListSize, type Surface, type SurfaceEntry } from '../core/index.js';
import { cell } from '../diff/index.js';

export function toolsetSections(m: Manifest, s: Surface, toolDocs: (e: SurfaceEntry) => string[]): string[] {
  const tools = [...s.entries.tools.values()];
  const sets = toolsetsOf(m);
  if (sets.length === 0) return ['', '## Tools', ...tools.flatMap(toolDocs)];
  const defaults = new Set(defaultToolsets(m));
  const tokens = (chosen: string[]) => toolsListSize(s, servedTools(m, chosen)).tokens.toLocaleString('en-US');
  const out = [
    '',
    '## Toolsets',
    '',
    `Clients get the default toolsets unless the server starts with \`--toolsets\` (or \`MCP_TOOLSETS\`)${isPerRequest(m) ? ' or a request chooses its own' : ''}; tools in no toolset are always served.`,
    '',
    '| Toolset | Default | Tools | `tools/list` tokens | Description |',
    '|---|---|---|---|---|',
    ...sets.map(
      (set) =>
        `| \`${set.name}\` | ${defaults.has(set.name) ? 'yes' : ''} | ${set.tools.map((t) => `\`${t}\``).join(', ')} | ~${tokens([set.name])} | ${cell(markdownText(set.description ?? ''))} |`,
    ),
  ];
  const documented = new Set<string>();
  const byName = new Map(tools.map((e) => [e.name, e]));
  for (const set of sets) {
    out.push('', `## Toolset \`${set.name}\`${defaults.has(set.name) ? ' (default)' : ''}`);
    if (set.description) out.push('', markdownText(set.description));
    const seen = set.tools.filter((t) => documented.has(t));
    if (seen.length) out.push('', `Also in this set: ${seen.map((t) => `\`${t}\``).join(', ')}.`);
    for (const name of set.tools) {
      const e = byName.get(name);
      if (!e || documented.has(name)) continue;
      documented.add(name);
      out.push(...toolDocs(e));
    }
  }
  const rest = tools.filter((e) => !documented.has(e.name));
  if (rest.length) out.push('', '## Tools in no toolset (always served)', ...rest.flatMap(toolDocs));
  return out;
}

function isPerRequest(m: Manifest): boolean {
  const http = m.transports?.http;
  return typeof http === 'object' && http !== null && http.toolsets !== undefined;
}
