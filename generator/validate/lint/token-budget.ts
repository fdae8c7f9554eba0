// The tools/list token budget. Without toolsets a client gets every tool; with them, it gets the default sets or
// the sets it chooses (plus the tools in no set), so each of those lists is held to the budget, and the whole
// list only matters to `--toolsets all`.
import type { Manifest } from '../../core/index.js';
import {
  buildSurface,
  defaultToolsets,
  servedTools,
  toolSizes,
  toolsetsOf,
  toolsListSize,
  TOKEN_METHOD,
  type Surface,
} from '../../core/index.js';
import type { LintFinding } from './lint-finding.js';

export const DEFAULT_TOKEN_BUDGET = 10_000;

/**
 * `n` with thousands separators, as toLocaleString('en-US') writes an integer. Intl is not used for it: its first
 * use loads locale data, about 20 ms of a `validate` run.
 */
export function groupDigits(n: number): string {
  if (!Number.isSafeInteger(n)) return n.toLocaleString('en-US');
  return String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

export interface ListCost {
  label: string;
  path: (string | number)[];
  tools: Set<string> | undefined;
  bytes: number;
  tokens: number;
}

export function tokenBudget(m: Manifest): number {
  return typeof m.lint?.toolsListTokenBudget === 'number' ? m.lint.toolsListTokenBudget : DEFAULT_TOKEN_BUDGET;
}

/** The lists a client can be served: every tool, then (with toolsets) the default choice and each set alone. */
export function listCosts(m: Manifest, surface: Surface = buildSurface(m), sizes = toolSizes(surface)): ListCost[] {
  const cost = (label: string, path: (string | number)[], tools: Set<string> | undefined): ListCost => ({
    label,
    path,
    tools,
    ...toolsListSize(surface, tools, sizes),
  });
  const all = surface.entries.tools.size;
  const costs = [cost(`all tools (${all})`, ['tools'], undefined)];
  const sets = toolsetsOf(m);
  if (sets.length === 0) return costs;
  const defaults = defaultToolsets(m);
  const served = (chosen: string[]) => servedTools(m, chosen);
  if (defaults.length !== 1) {
    const tools = served(defaults);
    costs.push(cost(`default toolsets ${defaults.join(', ')} (${tools.size} tools)`, ['toolsets'], tools));
  }
  for (const s of sets) {
    const tools = served([s.name]);
    costs.push(cost(`toolset ${s.name} (${tools.size} tools)`, ['toolsets', s.name], tools));
  }
  return costs;
}

export function budgetFindings(m: Manifest): LintFinding[] {
  const budget = tokenBudget(m);
  const surface = buildSurface(m);
  const sizes = toolSizes(surface);
  const costs = listCosts(m, surface, sizes);
  // With toolsets, the whole list is only served to --toolsets all: the lists clients get by default or by choice count.
  const checked = costs.length > 1 ? costs.slice(1) : costs;
  return checked
    .filter((c) => c.tokens > budget)
    .map((c) => {
      const largest = [...surface.entries.tools.values()]
        .filter((e) => !c.tools || c.tools.has(e.name))
        .map((e) => ({ name: e.name, tokens: Math.ceil(sizes.get(e.name)! / 4) }))
        .sort((a, b) => b.tokens - a.tokens)
        .slice(0, 3)
        .map((e) => `${e.name} (~${e.tokens})`)
        .join(', ');
      const what = c.tools ? `tools/list of ${c.label}` : 'tools/list';
      return {
        path: c.path,
        at: 'key' as const,
        message: `${what} is about ${groupDigits(c.tokens)} tokens (${groupDigits(c.bytes)} bytes, estimated as ${TOKEN_METHOD}), above the budget of ${groupDigits(budget)}; every conversation pays for it`,
        hint: `largest tools: ${largest}; ${c.tools ? 'move tools to other toolsets, ' : ''}shorten descriptions and schemas, or raise lint.toolsListTokenBudget`,
      };
    });
}

/** Lint's text report of what each list costs, printed when the manifest declares toolsets. */
export function costReport(m: Manifest): string {
  const budget = tokenBudget(m);
  const costs = listCosts(m);
  const width = Math.max(...costs.map((c) => c.label.length));
  const lines = costs.map(
    (c) => `  ${c.label.padEnd(width)}  ~${groupDigits(c.tokens).padStart(9)} tokens${c.tokens > budget ? '  over budget' : ''}`,
  );
  return `tools/list cost (${TOKEN_METHOD}; budget ${groupDigits(budget)} tokens):\n${lines.join('\n')}\n`;
}
