import { describe, expect, it } from 'vitest';
import { planCounts } from '../../../generator/cli/json-report.js';
import { summarizePlan } from '../../../generator/cli/print-plan.js';
import type { PlannedFile } from '../../../generator/write/index.js';

const plan = (...actions: PlannedFile['action'][]): PlannedFile[] =>
  actions.map((action, i) => ({ path: `f${i}`, action, owner: 'generator', content: '' }));

describe('summarizePlan', () => {
  const cases: { name: string; given: PlannedFile[]; dryRun: boolean; want: string }[] = [
    { name: 'nothing to do', given: plan('unchanged', 'kept'), dryRun: false, want: 'created 0, updated 0, unchanged 2 in 5 ms' },
    {
      name: 'renames and merges are updates',
      given: plan('create', 'update', 'merge', 'rename', 'unchanged'),
      dryRun: false,
      want: 'created 1, updated 3, unchanged 1 in 5 ms',
    },
    {
      name: 'deletions (--prune) are counted apart',
      given: plan('update', 'delete', 'delete', 'unchanged'),
      dryRun: false,
      want: 'created 0, updated 1, deleted 2, unchanged 1 in 5 ms',
    },
    {
      name: 'a dry run says what it would do',
      given: plan('create', 'delete', 'orphaned', 'conflict'),
      dryRun: true,
      want: 'would create 1, would update 0, would delete 1, unchanged 0, orphaned 1, conflicts 1 in 5 ms',
    },
  ];
  it.each(cases)('$name', ({ given, dryRun, want }) => {
    expect(summarizePlan(given, 5, dryRun)).toBe(want);
  });

  it('--json counts the same', () => {
    expect(planCounts(plan('create', 'update', 'delete', 'unchanged', 'orphaned'))).toEqual({
      created: 1,
      updated: 1,
      deleted: 1,
      unchanged: 1,
      orphaned: 1,
      conflicts: 0,
    });
  });
});
