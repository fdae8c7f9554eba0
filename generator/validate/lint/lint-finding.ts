import type { Finding } from '../../core/index.js';

/** What a lint rule reports; the rule's id and level become the finding's code and severity. */
export type LintFinding = Omit<Finding, 'code' | 'severity'>;
