#!/usr/bin/env node
import { main } from '../dist/generator/cli/index.js';

process.exitCode = await main(process.argv);
