import { dirname, resolve } from 'node:path';
import { buildServerModel } from './build-server-model.js';
import { emitProject } from './emit-project.js';
import { hasErrors, type Issue } from './issue.js';
import { readManifest, type LoadedManifest } from './load-manifest.js';
import type { Manifest } from './manifest-types.js';
import { validateManifest } from './validate-manifest.js';
import { planOutput, writeOutput, type PlannedFile } from './write-output.js';

export interface GenerateOptions {
  manifestPath: string;
  /** Output folder; defaults to the manifest's folder. */
  outDir?: string;
  dryRun?: boolean;
}

export interface GenerateResult {
  loaded: LoadedManifest;
  issues: Issue[];
  /** Undefined when validation failed: then nothing was written. */
  plan?: PlannedFile[];
  outDir: string;
}

/** load -> validate -> model -> emit -> write. */
export async function generate(options: GenerateOptions): Promise<GenerateResult> {
  const outDir = resolve(options.outDir ?? dirname(options.manifestPath));
  const loaded = readManifest(options.manifestPath);
  const issues = validateManifest(loaded);
  if (hasErrors(issues)) return { loaded, issues, outDir };
  const model = await buildServerModel(loaded.data as Manifest, { manifestPath: options.manifestPath, outDir });
  const plan = planOutput(outDir, emitProject(model));
  if (!options.dryRun) writeOutput(outDir, plan);
  return { loaded, issues, plan, outDir };
}
