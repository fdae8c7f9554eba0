// The `diff` case of the benchmark: everything `mcp-gen diff` does between reading the two manifests and
// printing (parse, validate, publish, compare, position, format), in milliseconds.
import { diffManifestTexts } from './diff-report.js';
import { formatDiffText } from './format-diff-text.js';

export function benchDiff(baseText: string, headText: string): number {
  const started = performance.now();
  const outcome = diffManifestTexts({ label: 'base.yaml', path: 'base.yaml', source: baseText }, { label: 'head.yaml', path: 'head.yaml', source: headText });
  if (!outcome.ok) throw new Error(`benchDiff: the ${outcome.side} manifest is invalid: ${outcome.issues[0]?.message ?? 'unknown error'}`);
  formatDiffText(outcome.report);
  return performance.now() - started;
}
