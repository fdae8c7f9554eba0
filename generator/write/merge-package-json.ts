// package.json belongs to the user once written. Regeneration may only add what generated code needs (a missing
// dependency, script or engines.node) and raise a dependency pinned below the version the generated code needs, or an
// engines.node that allows a Node below its floor; it never removes, reorders or lowers the user's entries, and keeps
// their indentation.
import semver from 'semver';

const SECTIONS = ['dependencies', 'devDependencies', 'scripts', 'engines'] as const;
const PACKAGE_SECTIONS = ['dependencies', 'devDependencies'] as const;
// Once the server is published to the MCP Registry (server.registryName), the manifest owns these: server.json names
// the npm package at server.version, and the registry checks that the package's mcpName is the server's name.
const REGISTRY_SYNCED = ['mcpName', 'version'] as const;

export interface RaisedPin {
  /** `dependencies.@modelcontextprotocol/server` */
  key: string;
  from: string;
  to: string;
}

export interface PackageMerge {
  content: string;
  added: string[];
  /** Pins older than generated code needs, raised to the version this mcp-gen was tested with. */
  raised: RaisedPin[];
  /** Fields set to the manifest's value (mcpName, version) because server.json is generated. */
  synced: RaisedPin[];
  /**
   * Packages some mcp-gen feature brings that this project's generated code no longer loads (`dependencies.ws` once
   * WebSocket is off). Only reported: the user's own code may import them.
   */
  unused: string[];
  /** The user's values that keep the generated tests from running: reported, never changed. */
  advice: string[];
  /** Set when the current file is not valid JSON: nothing is merged then. */
  error?: string;
}

/** `known`: every package any feature of mcp-gen may add, so that one the manifest no longer needs can be named. */
export function mergePackageJson(current: string, wanted: string, known: readonly string[] = []): PackageMerge {
  let have: Record<string, unknown>;
  try {
    have = JSON.parse(current);
  } catch (err) {
    return {
      content: current,
      added: [],
      raised: [],
      synced: [],
      unused: [],
      advice: [],
      error: `package.json is not valid JSON (${(err as Error).message})`,
    };
  }
  const want = JSON.parse(wanted) as Record<string, Record<string, string> | undefined>;
  const added: string[] = [];
  const raised: RaisedPin[] = [];
  const synced: RaisedPin[] = [];
  if (typeof want.mcpName === 'string') {
    for (const key of REGISTRY_SYNCED) {
      if (have[key] === want[key]) continue;
      synced.push({ key, from: typeof have[key] === 'string' ? have[key] : '(none)', to: String(want[key]) });
      have[key] = want[key];
    }
  }
  for (const section of SECTIONS) {
    const needed = want[section];
    if (!needed) continue;
    for (const [key, value] of Object.entries(needed)) {
      // A package counts wherever the user keeps it: a runtime dependency moved to devDependencies stays there.
      const home = isPackageSection(section)
        ? (PACKAGE_SECTIONS.find((s) => Object.hasOwn(sectionOf(have, s) ?? {}, key)) ?? section)
        : section;
      const target = (have[home] ??= {}) as Record<string, string>;
      if (!Object.hasOwn(target, key)) {
        target[key] = value;
        added.push(`${home}.${key}`);
      } else if (home !== 'scripts' && isOlder(target[key], value)) {
        const to = raisedSpec(target[key], value);
        raised.push({ key: `${home}.${key}`, from: target[key], to });
        target[key] = to;
      }
    }
  }
  const unused = unusedPackages(have, want, known);
  const advice = adviceOn(have, want);
  if (added.length === 0 && raised.length === 0 && synced.length === 0) return { content: current, added, raised, synced, unused, advice };
  const indent = /^[ \t]+(?=")/m.exec(current)?.[0] ?? '  ';
  const content = `${JSON.stringify(have, null, indent)}${current.endsWith('\n') ? '\n' : ''}`;
  return { content, added, raised, synced, unused, advice };
}

/**
 * A test script of the user's that does not run the generated (vitest) tests, which `npm test` promises, and a package
 * that Node would load as CommonJS.
 */
function adviceOn(have: Record<string, unknown>, want: Record<string, unknown>): string[] {
  const advice: string[] = [];
  const test = sectionOf(have, 'scripts')?.test;
  const wanted = sectionOf(want, 'scripts')?.test;
  if (typeof test === 'string' && wanted !== undefined && test !== wanted && !/\bvitest\b/.test(test))
    advice.push(`scripts.test runs ${JSON.stringify(test)}, not the generated tests in test/, which need ${JSON.stringify(wanted)}`);
  // A project that gained MCP Apps views keeps its own build script, which does not bundle them.
  const build = sectionOf(have, 'scripts')?.build;
  if (sectionOf(want, 'scripts')?.['build:views'] !== undefined && typeof build === 'string' && !build.includes('build:views'))
    advice.push(
      `scripts.build does not run build:views, so the build has no views for the server to serve: make it "npm run build:views && ${build}"`,
    );
  // An existing CommonJS package: the generated code is ES modules (import.meta, top-level imports with .js paths).
  if (have.type !== want.type && want.type === 'module')
    advice.push(
      `"type" is ${have.type === undefined ? 'not set (CommonJS)' : JSON.stringify(have.type)}, but the generated server is ES modules: set "type": "module"`,
    );
  return advice;
}

function unusedPackages(have: Record<string, unknown>, want: Record<string, unknown>, known: readonly string[]): string[] {
  const wanted = new Set(PACKAGE_SECTIONS.flatMap((s) => Object.keys(sectionOf(want, s) ?? {})));
  const knownSet = new Set(known);
  return PACKAGE_SECTIONS.flatMap((s) =>
    Object.keys(sectionOf(have, s) ?? {})
      .filter((name) => knownSet.has(name) && !wanted.has(name))
      .map((name) => `${s}.${name}`),
  );
}

function isPackageSection(section: string): section is (typeof PACKAGE_SECTIONS)[number] {
  return (PACKAGE_SECTIONS as readonly string[]).includes(section);
}

function sectionOf(pkg: Record<string, unknown>, section: string): Record<string, string> | undefined {
  const value = pkg[section];
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, string>) : undefined;
}

/**
 * Whether `spec` may resolve to a version below `needed`: its lowest allowed version is older. Specs that are not
 * semver ranges (a tag, a path, a git URL, `workspace:`) are the user's deliberate choice and are left alone.
 */
export function isOlder(spec: string, needed: string): boolean {
  const floor = floorOf(needed);
  if (!floor || !semver.validRange(spec)) return false;
  const lowest = semver.minVersion(spec);
  return lowest !== null && semver.lt(lowest, floor);
}

/** A version needs itself; a range (engines.node `>=22`) needs its lowest version. */
function floorOf(needed: string): string | undefined {
  if (semver.valid(needed)) return needed;
  return (semver.validRange(needed) && semver.minVersion(needed)?.version) || undefined;
}

/**
 * The user's operator kept (`^2.3.0` -> `^2.4.0`, `2.3.0` -> `2.4.0`); any other range, or any spec when what is
 * needed is itself a range, becomes what is needed.
 */
function raisedSpec(spec: string, needed: string): string {
  const simple = semver.valid(needed) ? /^(\^|~|>=)?v?\d+\.\d+\.\d+$/.exec(spec.trim()) : null;
  return simple ? `${simple[1] ?? ''}${needed}` : needed;
}

/** One line per change, for the plan's note: `added devDependencies.tsx; raised dependencies.x 2.3.0 -> 2.4.0`. */
export function describeMerge(merge: PackageMerge): string | undefined {
  const parts = [
    ...(merge.added.length ? [`added ${merge.added.join(', ')}`] : []),
    ...merge.raised.map((r) => `raised ${r.key} ${r.from} -> ${r.to}`),
    ...merge.synced.map((r) => `set ${r.key} ${r.from} -> ${r.to} (from the manifest, for server.json)`),
  ];
  parts.push(...merge.advice);
  if (merge.unused.length)
    parts.push(`no longer loaded by the generated code: ${merge.unused.join(', ')} (remove unless your own code imports them)`);
  return merge.error ?? (parts.length ? parts.join('; ') : undefined);
}
