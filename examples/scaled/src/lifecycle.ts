// Start-up and shutdown of the server process. This file is yours: mcp-gen created it once and never rewrites it.

/** Shared state every handler receives as `ctx.app`: database pools, API clients, caches, configuration. */
export interface AppContext {}

/** Runs once, before the first request. */
export async function onStart(): Promise<AppContext> {
  return {};
}

/** Runs once, on SIGINT/SIGTERM or when the stdio client goes away, after the transports have stopped. */
export async function onShutdown(_app: AppContext): Promise<void> {}
