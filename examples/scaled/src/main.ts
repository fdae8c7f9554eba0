#!/usr/bin/env node
// Entry point. This file is yours: mcp-gen created it once and never rewrites it.
import { run } from './generated/entry.gen.js';
import * as lifecycle from './lifecycle.js';

run(lifecycle).catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
