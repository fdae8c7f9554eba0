// package.json belongs to the user once written. Regeneration may only add what generated code needs (a missing
// dependency or script); it never removes, reorders or re-versions the user's entries, and keeps their indentation.

const SECTIONS = ['dependencies', 'devDependencies', 'scripts'] as const;

export interface PackageMerge {
  content: string;
  added: string[];
  /** Set when the current file is not valid JSON: nothing is merged then. */
  error?: string;
}

export function mergePackageJson(current: string, wanted: string): PackageMerge {
  let have: Record<string, unknown>;
  try {
    have = JSON.parse(current);
  } catch (err) {
    return { content: current, added: [], error: `package.json is not valid JSON (${(err as Error).message})` };
  }
  const want = JSON.parse(wanted) as Record<string, Record<string, string> | undefined>;
  const added: string[] = [];
  for (const section of SECTIONS) {
    const needed = want[section];
    if (!needed) continue;
    const target = (have[section] ??= {}) as Record<string, string>;
    for (const [key, value] of Object.entries(needed)) {
      if (Object.hasOwn(target, key)) continue;
      target[key] = value;
      added.push(`${section}.${key}`);
    }
  }
  if (added.length === 0) return { content: current, added };
  const indent = /^[ \t]+(?=")/m.exec(current)?.[0] ?? '  ';
  return { content: `${JSON.stringify(have, null, indent)}${current.endsWith('\n') ? '\n' : ''}`, added };
}
