#!/usr/bin/env node
import { main } from '../dist/generator/cli/cli.js';

process.exitCode = await main(process.argv);
