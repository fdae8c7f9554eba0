import {
  ProtocolError,
  ProtocolErrorCode,
  ResourceNotFoundError,
  type McpServer,
  type ProtocolEra,
  type ServerEvent,
  type ServerEventBus,
  type ServerNotifier,
} from '@modelcontextprotocol/server';
import { LIMITS } from './limits.gen.js';

/** Change notifications to every connected client that should hear them, in both eras and on every transport. */
export interface Notifier {
  /** notifications/tools/list_changed */
  toolsChanged(): void;
  /** notifications/prompts/list_changed */
  promptsChanged(): void;
  /** notifications/resources/list_changed */
  resourcesChanged(): void;
  /** notifications/resources/updated, to clients subscribed to `uri` (2025 era) or listening for it (2026-07-28). */
  resourceUpdated(uri: string): void;
}

const sinks = new Set<ServerNotifier>();
const subscriptions = new WeakMap<McpServer, Set<string>>();

const quiet = (sent: Promise<void> | void) => void Promise.resolve(sent).catch(() => {});

/**
 * Usable from handlers (`ctx.notify`) and from anywhere else in the process (a file watcher started in onStart),
 * since connections come and go independently of the code that notices a change.
 */
export const notify: Notifier = {
  toolsChanged: () => (bus ? publish({ kind: 'tools_list_changed' }) : sinks.forEach((s) => s.toolsChanged())),
  promptsChanged: () => (bus ? publish({ kind: 'prompts_list_changed' }) : sinks.forEach((s) => s.promptsChanged())),
  resourcesChanged: () =>
    bus ? publish({ kind: 'resources_list_changed' }) : sinks.forEach((s) => s.resourcesChanged()),
  resourceUpdated: (uri) =>
    bus ? publish({ kind: 'resource_updated', uri }) : sinks.forEach((s) => s.resourceUpdated(uri)),
};

/** Publishes to the shared store not yet acknowledged by it (a store bus answers each with a promise). */
const inFlight = new Set<Promise<unknown>>();

function publish(event: ServerEvent): void {
  const sent: unknown = bus?.publish(event);
  if (!(sent instanceof Promise)) return;
  inFlight.add(sent);
  // Settled either way: a bus that rejects must not leave an unhandled rejection behind.
  const drop = () => inFlight.delete(sent);
  sent.then(drop, drop);
}

/**
 * Resolves once every notification published so far has reached the shared store (at once without one). A call's
 * answer waits for it (ask.gen.ts), so a client that calls again after the answer, on any replica, hears the first
 * call's notifications before the second's: two replicas' publishes are otherwise in no particular order.
 */
export async function notificationsSent(): Promise<void> {
  if (inFlight.size > 0) await Promise.allSettled([...inFlight]);
}

/** Set by useBus: with a shared store, notifications travel through it to every replica. */
let bus: ServerEventBus | undefined;

/**
 * Routes `notify` through `shared` (a bus over the store's pub/sub, scale.store redis): what any replica raises
 * reaches this process's sinks (stdio, WebSocket, HTTP+SSE connections) and every other replica's. The HTTP
 * handler's subscriptions/listen streams then subscribe to the same bus themselves. Returns the undo.
 */
export function useBus(shared: ServerEventBus): () => void {
  bus = shared;
  const stop = shared.subscribe((event: ServerEvent) => {
    for (const s of sinks) {
      if (event.kind === 'resource_updated') s.resourceUpdated(event.uri);
      else if (event.kind === 'tools_list_changed') s.toolsChanged();
      else if (event.kind === 'prompts_list_changed') s.promptsChanged();
      else s.resourcesChanged();
    }
  });
  return () => {
    stop();
    bus = undefined;
  };
}

/** Registers a delivery path (an HTTP handler's subscription streams); returns its removal. */
export function addSink(sink: ServerNotifier): () => void {
  sinks.add(sink);
  return () => void sinks.delete(sink);
}

/** The URIs a 2025-era connection subscribed to; created when the server installs resources/subscribe. */
export function subscriptionsOf(server: McpServer): Set<string> {
  let set = subscriptions.get(server);
  if (!set) subscriptions.set(server, (set = new Set()));
  return set;
}

/**
 * Makes a connection-long server instance (stdio, a 2025-era HTTP session, SSE, WebSocket) reachable through
 * `notify` until it closes. A 2026-07-28 instance sends through the connection's subscriptions/listen streams,
 * which filter by what each client asked for; a 2025-era one gets resources/updated only for subscribed URIs.
 */
export function attachServer(server: McpServer, era: ProtocolEra): McpServer {
  const sink: ServerNotifier = {
    toolsChanged: () => quiet(server.isConnected() ? server.sendToolListChanged() : undefined),
    promptsChanged: () => quiet(server.isConnected() ? server.sendPromptListChanged() : undefined),
    resourcesChanged: () => quiet(server.isConnected() ? server.sendResourceListChanged() : undefined),
    resourceUpdated: (uri) => {
      if (!server.isConnected()) return;
      if (era === 'modern' || subscriptions.get(server)?.has(uri)) quiet(server.server.sendResourceUpdated({ uri }));
    },
  };
  const remove = addSink(sink);
  const previous = server.server.onclose;
  server.server.onclose = () => {
    remove();
    previous?.();
  };
  return server;
}

export interface Subscribable {
  /** URIs of the server's resources. */
  resources: readonly string[];
  /** Its resource templates (uri-template.gen.ts's servedTemplate): a URI one matches can be subscribed. */
  templates: readonly { match(uri: string): unknown }[];
  /** Subscriptions one connection may hold (default LIMITS.maxSubscriptionsPerSession). */
  max?: number;
}

/**
 * resources/subscribe and resources/unsubscribe: the SDK routes the verbs, the bookkeeping is per connection. Only
 * URIs the server serves are accepted, and at most `max` per connection, so a client cannot grow it without bound.
 */
export function installSubscriptions(server: McpServer, served: Subscribable): void {
  const resources = new Set(served.resources);
  const templates = served.templates;
  const max = served.max ?? LIMITS.maxSubscriptionsPerSession;
  server.server.setRequestHandler('resources/subscribe', async (request) => {
    const { uri } = request.params;
    const subscribed = subscriptionsOf(server);
    if (subscribed.has(uri)) return {};
    if (!resources.has(uri) && !templates.some((t) => t.match(uri) !== null)) {
      throw new ResourceNotFoundError(uri);
    }
    if (subscribed.size >= max) {
      throw new ProtocolError(
        ProtocolErrorCode.InvalidParams,
        `Subscription limit reached: at most ${max} per session; unsubscribe first`,
        { uri, maxSubscriptions: max },
      );
    }
    subscribed.add(uri);
    return {};
  });
  server.server.setRequestHandler('resources/unsubscribe', async (request) => {
    subscriptionsOf(server).delete(request.params.uri);
    return {};
  });
}
