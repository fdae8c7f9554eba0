// Loads both sides, checks them, compares their published surfaces and positions every change in HEAD, so each
// output format only has to print a DiffReport.
import { hasErrors, type Issue } from '../core/index.js';
import { KEY_WITHOUT_VALUE, loadManifest, type LoadedManifest } from '../load/index.js';
import { resolveSchemaFiles, type ResolvedManifest } from '../load/index.js';
import type { SchemaFileSource } from '../load/index.js';
import type { Manifest } from '../core/index.js';
import { validateManifest } from '../validate/index.js';
import type { Change, ChangeClass } from './change.js';
import { chunkLocator } from './chunk-locate.js';
import { loadBase } from './load-base.js';
import { isObject } from '../core/index.js';
import { diffSurfaces, sortChanges } from './diff-manifests.js';
import type { ManifestText } from './read-manifest-at-rev.js';
import { buildSurface, toolsListSize, type ListSize, type Surface } from '../core/index.js';

export interface LocatedChange extends Change {
  /** Position in HEAD; for something only BASE has, the nearest place in HEAD (its section, or line 1). */
  line: number;
  column: number;
  /** Where a removed thing was in BASE. */
  baseLine?: number;
  baseColumn?: number;
}

export interface DiffReport {
  base: string;
  head: string;
  changes: LocatedChange[];
  counts: Record<ChangeClass, number>;
  toolsList: { before: ListSize; after: ListSize };
}

export type DiffOutcome = { ok: true; report: DiffReport } | { ok: false; side: 'base' | 'head'; loaded: LoadedManifest; issues: Issue[] };

/**
 * HEAD must be a valid manifest: it is what the change proposes. BASE only has to parse: it may predate checks
 * added since, and what it published is history either way.
 */
export function diffManifestTexts(base: ManifestText, head: ManifestText): DiffOutcome {
  const parsedHead = loadManifest(head.label, head.source);
  const lh = resolveSchemaFiles(parsedHead, filesOf(head));
  const headIssues = validateManifest(lh);
  if (hasErrors(headIssues)) return { ok: false, side: 'head', loaded: lh, issues: headIssues.filter((i) => i.severity === 'error') };
  // BASE reuses HEAD's parsed data where their text is the same, so it is resolved against its own files only after.
  const lb = resolveSchemaFiles(loadBase(base, parsedHead), filesOf(base));
  const baseFailure = (): DiffOutcome => {
    const full = resolveSchemaFiles(loadManifest(base.label, base.source), filesOf(base));
    return { ok: false, side: 'base', loaded: full, issues: validateManifest(full).filter((i) => i.severity === 'error') };
  };
  // What BASE published cannot be known without its schema files, so failing to read them fails like a parse error.
  // A flow key without a value is a check newer than some BASEs; what they published, stray key included, is history.
  const unreadable = lb.issues.filter((i) => i.code !== KEY_WITHOUT_VALUE);
  if (hasErrors(unreadable) || hasFileErrors(lb) || (lb.data != null && !isObject(lb.data))) return baseFailure();
  // An empty BASE published nothing: everything in HEAD is new.
  const baseData = (lb.data ?? {}) as Manifest;
  let sb: Surface;
  let changes: Change[];
  const sh = buildSurface(lh.data as Manifest);
  try {
    sb = buildSurface(baseData);
    changes = diffSurfaces(sb, sh);
  } catch (err) {
    // Only a malformed BASE gets here; its validation errors say what is wrong with it.
    const failure = baseFailure();
    if (!failure.ok && failure.issues.length) return failure;
    throw err;
  }
  const [baseAt, headAt] = [chunkLocator(lb), chunkLocator(lh)];
  const located = changes.map((c) => locate(c, baseAt, headAt));
  const counts = { breaking: 0, risky: 0, safe: 0 };
  for (const c of located) counts[c.class]++;
  return {
    ok: true,
    report: {
      base: base.label,
      head: head.label,
      changes: sortChanges(located, (c) => c.line),
      counts,
      toolsList: { before: toolsListSize(sb), after: toolsListSize(sh) },
    },
  };
}

type Locate = LoadedManifest['locate'];

function hasFileErrors(loaded: ResolvedManifest): boolean {
  return loaded.schemaFiles.findings.some((f) => f.severity !== 'warning');
}

/** A manifest text built in memory (tests) has no folder: its file refs are reported, never read from the disk. */
function filesOf(text: ManifestText): SchemaFileSource {
  return (
    text.files ?? {
      read: () => ({
        ok: false,
        code: 'schema/file-not-found',
        reason: `cannot be read: ${text.label} has no folder to read schema files from`,
      }),
    }
  );
}

function locate(c: Change, base: Locate, head: Locate): LocatedChange {
  if (c.side === 'head') return { ...c, ...head(c.path) };
  const was = base(c.path, 'key');
  // The removed entry's section in HEAD, when HEAD still has one; the findRange fallback then stops there.
  return { ...c, ...head(c.path.slice(0, 1), 'key'), baseLine: was.line, baseColumn: was.column };
}

/** Exit status for `--fail-on`: 1 when a change at or above the threshold exists. */
export function failsOn(report: DiffReport, threshold: 'breaking' | 'risky' | 'none'): boolean {
  if (threshold === 'none') return false;
  return report.counts.breaking > 0 || (threshold === 'risky' && report.counts.risky > 0);
}
