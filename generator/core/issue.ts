export type Severity = 'error' | 'warning';

/** One problem found in a manifest. Stages collect these instead of throwing, so a run reports everything at once. */
export interface Issue {
  code: string;
  severity: Severity;
  /** Manifest path in display form, e.g. `tools.get_forecast.inputSchema.properties.city`. */
  path: string;
  message: string;
  hint?: string;
  /** 1-based; 0 when the position is unknown. */
  line: number;
  column: number;
}

export function hasErrors(issues: readonly Issue[]): boolean {
  return issues.some((i) => i.severity === 'error');
}
