// What generate() takes and answers (generate.ts): the CLI's commands read the answer to print, report and exit.
import type { Issue } from './core/index.js';
import type { LoadedManifest } from './load/index.js';
import type { ContractReport, Plan, PlannedFile, ProjectState } from './write/index.js';

export interface GenerateOptions {
  manifestPath: string;
  /** Output folder; defaults to the manifest's folder. */
  outDir?: string;
  /** Plan only: nothing is written. */
  dryRun?: boolean;
  /** Overwrite generated files that were edited by hand. */
  force?: boolean;
  /** Delete orphaned handler stubs that are still exactly as generated. */
  prune?: boolean;
  /** Type-check handlers against the new types after writing (default true). */
  contracts?: boolean;
}

export interface GenerateResult {
  loaded?: LoadedManifest;
  issues: Issue[];
  /** Undefined when validation failed: then nothing was written. */
  plan?: Plan;
  outDir: string;
  /** Set when hand-edited generated files stopped the run before anything was written. */
  conflicts: PlannedFile[];
  contracts?: ContractReport;
  /** True when neither the manifest nor the generator changed since the last run, and no work was done. */
  upToDate?: boolean;
  /** The state recorded by the previous run, if any. */
  prior?: ProjectState;
}
