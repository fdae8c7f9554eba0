// Preloaded into a benchmarked process: writes its peak RSS (KB) to $RSS_OUT when it exits.
process.on('exit', () => require('node:fs').writeFileSync(process.env.RSS_OUT, String(process.resourceUsage().maxRSS)));
