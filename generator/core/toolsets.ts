// Toolsets as the generated server applies them (templates/runtime/toolsets.ts): which tools a choice of sets
// serves. Review commands measure and compare these selections, so the rule lives in one place.
import type { Manifest } from './manifest-types.js';
import { entriesOf } from './entries.js';
import { isObject } from './json.js';

export interface ToolsetInfo {
  name: string;
  description?: string;
  tools: string[];
  isDefault: boolean;
}

/** The manifest's sets in manifest order; empty without `toolsets:`. */
export function toolsetsOf(m: Manifest): ToolsetInfo[] {
  const sets = isObject(m.toolsets) ? m.toolsets : {};
  return Object.entries(sets)
    .filter(([, s]) => isObject(s) && Array.isArray(s.tools))
    .map(([name, s]) => ({
      name,
      description: typeof s.description === 'string' ? s.description : undefined,
      tools: s.tools.filter((t) => typeof t === 'string'),
      isDefault: s.default === true,
    }));
}

/** The sets served when none is chosen: those marked default, or every set when none is. */
export function defaultToolsets(m: Manifest): string[] {
  const sets = toolsetsOf(m);
  const marked = sets.filter((s) => s.isDefault);
  return (marked.length ? marked : sets).map((s) => s.name);
}

/** Tools served under `chosen` sets: theirs, plus every tool in no set (always served). */
export function servedTools(m: Manifest, chosen: readonly string[]): Set<string> {
  const sets = toolsetsOf(m);
  const grouped = new Set(sets.flatMap((s) => s.tools));
  const served = new Set(
    entriesOf(m, 'tools')
      .map(([name]) => name)
      .filter((name) => !grouped.has(name)),
  );
  for (const s of sets) if (chosen.includes(s.name)) for (const t of s.tools) served.add(t);
  return served;
}
