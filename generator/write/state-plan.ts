import { MAX_PROJECT_FILE_BYTES, readTextInside } from '../core/index.js';
import type { PlannedFile } from './plan.js';
import { type ProjectState, STATE_PATH, serializeState } from './project-state.js';

/** The write of .mcp-gen/state.json, planned last: it records what the rest of the plan leaves on disk. */
export function statePlan(outDir: string, state: ProjectState): PlannedFile {
  const content = serializeState(state);
  const current = readTextInside(outDir, STATE_PATH, MAX_PROJECT_FILE_BYTES);
  const action = current === undefined ? 'create' : current === content ? 'unchanged' : 'update';
  return { path: STATE_PATH, owner: 'generator', action, content, current };
}
