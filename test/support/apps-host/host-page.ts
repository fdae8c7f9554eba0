// The test host's page (runs in Chromium, bundled by esbuild): an MCP client that advertises the UI extension, and
// ext-apps' AppBridge between it and one view. It calls a tool, and when the tool opens a view, reads the view's
// ui:// resource, loads it through the sandbox proxy (another origin, the view's CSP), passes it the tool's input and
// result, and serves its calls: only to tools whose visibility includes `app`. Everything it sees goes into
// window.__host, which the test reads. Query: era=legacy|modern, tool, input (JSON), ui=0 (no UI extension),
// initTimeout (ms), sandbox (the proxy's URL).
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import {
  AppBridge,
  buildAllowAttribute,
  getToolUiResourceUri,
  PostMessageTransport,
  RESOURCE_MIME_TYPE,
} from '@modelcontextprotocol/ext-apps/app-bridge';

const UI_EXTENSION = 'io.modelcontextprotocol/ui';
const query = new URLSearchParams(location.search);
const era = query.get('era') === 'legacy' ? 'legacy' : 'modern';
const toolName = query.get('tool') ?? '';
const input = JSON.parse(query.get('input') ?? '{}') as Record<string, unknown>;
const advertiseUi = query.get('ui') !== '0';
const initTimeoutMs = Number(query.get('initTimeout') ?? 5000);
const sandboxUrl = query.get('sandbox') ?? '';

type Outcome = 'initialized' | 'text-only' | 'timeout' | `view error: ${string}` | `host error: ${string}`;

const report = {
  era,
  negotiated: '',
  serverExtensions: undefined as unknown,
  /** What the model would see: tools whose visibility includes `model`. */
  modelTools: [] as string[],
  /** The opened tool's entry in tools/list. */
  tool: undefined as unknown,
  resource: undefined as undefined | { uri: string; mimeType?: string; meta?: unknown; bytes: number },
  result: undefined as unknown,
  outcome: undefined as Outcome | undefined,
  initMs: 0,
  /** Errors the view reported: thrown before connecting (relayed by the proxy) or logged at level error. */
  viewErrors: [] as string[],
  viewLogs: [] as unknown[],
  /** The view's tool calls, and whether the host let them through. */
  appCalls: [] as { name: string; allowed: boolean }[],
  events: [] as string[],
  done: false,
};
(window as unknown as { __host: typeof report }).__host = report;
const log = (line: string) => {
  report.events.push(line);
  const out = document.getElementById('log');
  if (out) out.textContent = report.events.join('\n');
};

const visibility = (tool: { _meta?: Record<string, unknown> }): string[] => {
  const ui = tool._meta?.ui as { visibility?: unknown } | undefined;
  return Array.isArray(ui?.visibility) ? (ui.visibility as string[]) : ['model', 'app'];
};

async function main(): Promise<void> {
  const started = performance.now();
  const client = new Client(
    { name: 'test-host', version: '1.0.0' },
    {
      capabilities: advertiseUi ? { extensions: { [UI_EXTENSION]: { mimeTypes: [RESOURCE_MIME_TYPE] } } } : {},
      versionNegotiation: { mode: era === 'legacy' ? 'legacy' : 'auto' },
    },
  );
  await client.connect(new StreamableHTTPClientTransport(new URL('/mcp', location.href)));
  report.negotiated = client.getNegotiatedProtocolVersion() ?? '';
  report.serverExtensions = (client.getServerCapabilities() as { extensions?: unknown } | undefined)?.extensions;
  const { tools } = await client.listTools();
  report.modelTools = tools.filter((t) => visibility(t).includes('model')).map((t) => t.name);
  const tool = tools.find((t) => t.name === toolName);
  if (!tool) throw new Error(`no tool ${toolName} in tools/list`);
  report.tool = tool;
  const called = client.callTool({ name: tool.name, arguments: input });
  const uri = advertiseUi ? getToolUiResourceUri(tool) : undefined;
  if (!uri) {
    report.result = await called;
    report.outcome = 'text-only';
    return;
  }

  const read = await client.readResource({ uri });
  const content = read.contents[0] as {
    uri: string;
    mimeType?: string;
    text?: string;
    blob?: string;
    _meta?: { ui?: Record<string, unknown> };
  };
  const html = content.text ?? (content.blob ? atob(content.blob) : '');
  report.resource = { uri: content.uri, mimeType: content.mimeType, meta: content._meta, bytes: html.length };
  if (content.mimeType !== RESOURCE_MIME_TYPE) throw new Error(`${uri} is ${content.mimeType}, not an MCP App view`);
  const ui = content._meta?.ui ?? {};

  const frame = document.createElement('iframe');
  frame.setAttribute('sandbox', 'allow-scripts allow-same-origin allow-forms');
  const allow = buildAllowAttribute(ui.permissions as Parameters<typeof buildAllowAttribute>[0]);
  if (allow) frame.setAttribute('allow', allow);
  frame.style.cssText = `width:100%;height:360px;border:${ui.prefersBorder === false ? '0' : '1px solid #99a'};border-radius:8px`;
  document.getElementById('views')?.appendChild(frame);
  const fromFrame = (method: string) =>
    new Promise<{ message?: string }>((resolve) => {
      addEventListener('message', (event) => {
        if (event.source === frame.contentWindow && event.data?.method === method) resolve(event.data.params ?? {});
      });
    });
  const proxyReady = fromFrame('ui/notifications/sandbox-proxy-ready');
  const viewError = fromFrame('test-host/view-error').then(({ message }) => {
    report.viewErrors.push(String(message));
    return `view error: ${message}` as const;
  });
  frame.src = `${sandboxUrl}?csp=${encodeURIComponent(JSON.stringify(ui.csp ?? {}))}`;
  await proxyReady;

  const caps = client.getServerCapabilities() ?? {};
  const bridge = new AppBridge(
    client,
    { name: 'test-host', version: '1.0.0' },
    { openLinks: {}, serverTools: caps.tools, serverResources: caps.resources, logging: {} },
    { hostContext: { theme: 'light', displayMode: 'inline', platform: 'web', toolInfo: { tool } } },
  );
  bridge.onloggingmessage = (params) => {
    report.viewLogs.push(params);
    if (params.level === 'error' || params.level === 'critical') report.viewErrors.push(String(params.data));
  };
  bridge.onsizechange = ({ height }) => {
    if (height) frame.style.height = `${Math.min(height + 4, 640)}px`;
  };
  const initialized = new Promise<'initialized'>((resolve) => {
    bridge.oninitialized = () => resolve('initialized');
  });
  await bridge.connect(new PostMessageTransport(frame.contentWindow!, frame.contentWindow!));
  // After connect(), which installs a forwarder that calls any tool: the spec has the host refuse a view's call to a
  // tool whose visibility lacks `app`.
  const byName = new Map(tools.map((t) => [t.name, t]));
  bridge.oncalltool = async (params, extra) => {
    const target = byName.get(params.name);
    const allowed = target !== undefined && visibility(target).includes('app');
    report.appCalls.push({ name: params.name, allowed });
    if (!allowed) return { isError: true, content: [{ type: 'text', text: `tool ${params.name} is not available to views` }] };
    return client.callTool(params, { signal: (extra as { mcpReq?: { signal?: AbortSignal } }).mcpReq?.signal });
  };
  await bridge.sendSandboxResourceReady({ html, csp: ui.csp, permissions: ui.permissions } as Parameters<
    typeof bridge.sendSandboxResourceReady
  >[0]);

  const timeout = new Promise<'timeout'>((resolve) => setTimeout(() => resolve('timeout'), initTimeoutMs));
  report.outcome = await Promise.race([initialized, viewError, timeout]);
  report.initMs = Math.round(performance.now() - started);
  if (report.outcome !== 'initialized') return;
  await bridge.sendToolInput({ arguments: input });
  report.result = await called;
  await bridge.sendToolResult(report.result as Parameters<typeof bridge.sendToolResult>[0]);
}

main()
  .catch((error: unknown) => {
    report.outcome = `host error: ${error instanceof Error ? error.message : String(error)}`;
  })
  .finally(() => {
    log(`outcome: ${report.outcome}`);
    report.done = true;
  });
