import { ensureGeneratedDeps } from './generated-deps.js';

export default function setup(): void {
  ensureGeneratedDeps();
}
