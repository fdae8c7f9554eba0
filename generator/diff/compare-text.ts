import type { ChangeClass } from './change.js';
import { textChange } from './text-change.js';

export type Report = (cls: ChangeClass, rule: string, text: string) => void;

/** A description is what the model reads: rewriting or dropping one is risky, adding or polishing one is safe. */
export function compareDescriptions(before: unknown, after: unknown, report: Report): void {
  const b = typeof before === 'string' ? before : undefined;
  const a = typeof after === 'string' ? after : undefined;
  if (b === a) return;
  if (b === undefined) return report('safe', 'description-added', 'description added');
  if (a === undefined) return report('risky', 'description-removed', 'description removed; the model loses its guidance');
  if (textChange(b, a) === 'substantial')
    return report('risky', 'description-rewritten', 'description rewritten; the model will read it differently');
  report('safe', 'description-clarified', 'description edited');
}
