#!/usr/bin/env node
// A `generate` with nothing to do is answered from a small bundle without loading the CLI (generator/cli/fast-generate.ts).
import { fastGenerate } from '../dist/fast-generate.js';

const fast = fastGenerate(process.argv);
if (fast === undefined) {
  const { main } = await import('../dist/cli/index.js');
  process.exitCode = await main(process.argv);
} else process.exitCode = fast;
