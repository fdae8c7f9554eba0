// The statuses this replica has been told about. Each replica keeps its own: what every replica shares is the
// notification that a status changed (through the store), so subscribers re-read it from whichever replica serves them.
export const statuses = new Map<string, { status: string; at: string }>();
