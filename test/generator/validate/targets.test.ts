// targets: the platforms a manifest lists, their settings, and the feature x target matrix. Every cell a target
// cannot serve is refused at the feature with its message; every cell it serves is accepted; the list and the
// settings are checked with positions and hints; generate refuses every target but node until their entries exist.
import { describe, expect, it } from 'vitest';
import { TARGET_FEATURES, TARGET_NAMES, type TargetName } from '../../../generator/core/index.js';
import { loadManifest } from '../../../generator/load/index.js';
import { validateManifest } from '../../../generator/validate/index.js';

// Line 3 of every manifest below is the first line of the text given.
const issues = (yaml: string, options: { generate?: boolean } = {}) =>
  validateManifest(loadManifest('mcp.yaml', `version: 1\nserver: {name: notes, version: 1.0.0}\n${yaml}`), options).map(
    (i) => `${i.line}:${i.column} ${i.severity} ${i.code} ${i.path}: ${i.message}${i.hint ? ` (${i.hint})` : ''}`,
  );
const targetIssues = (yaml: string, options: { generate?: boolean } = {}) => issues(yaml, options).filter((i) => i.includes(' targets/'));

/** A manifest's text asking for each feature of the matrix, by its title; it starts on line 4. */
const FEATURE_YAML: Record<string, string> = {
  stdio: 'transports: {stdio: true}\n',
  '2025-era sessions': 'transports: {http: {mode: stateful}}\n',
  'resource subscriptions': 'capabilities: {resources: {subscribe: true}}\n',
  'HTTP+SSE transport (2024-11-05)': 'transports: {sse: true}\n',
  'WebSocket transport': 'transports: {websocket: true}\n',
  'shared store (Redis or Valkey)': 'scale: {store: redis}\n',
  'tool rate and concurrency limits': 'tools:\n  search: {policy: {maxConcurrency: 2}}\n',
  tasks: 'tools:\n  search: {execution: {taskSupport: optional}}\n',
  OpenTelemetry: 'telemetry: {otel: true}\n',
  authentication: 'auth: {type: bearer, credentials: [{env: NOTES_TOKEN}]}\n',
  'Compose and Kubernetes files': 'deploy: {compose: true, replicas: 1}\n',
  'MCP Bundle (.mcpb)': 'bundle: {author: {name: Ada}}\n',
};

interface Refusal {
  feature: string;
  targets: TargetName[];
  /** The target is listed alone (the cell needs node, so node must be missing); otherwise after node, as targets[1]. */
  alone?: boolean;
  want: (target: TargetName) => string;
}

const LONG_LIVED: TargetName[] = ['deno', 'bun'];
const PER_REQUEST: TargetName[] = ['workers', 'vercel', 'lambda'];
const NOT_NODE: TargetName[] = [...LONG_LIVED, ...PER_REQUEST];

const REFUSED: Refusal[] = [
  {
    feature: 'stdio',
    targets: NOT_NODE,
    alone: true,
    want: () =>
      '4:21 error targets/needs-node transports.stdio: stdio is served by the node entry only, and targets lists no node: a client launches a stdio server as a local process, and the node entry is the one mcp-gen writes for that (add node to targets, or set transports.stdio: false)',
  },
  {
    feature: '2025-era sessions',
    targets: PER_REQUEST,
    want: (t) =>
      `4:27 error targets/unserved transports.http.mode: 2025-era sessions are not served on ${t} (targets[1]): a session lives in the instance that began it, and the next request may reach another (leave transports.http.mode out: 2025-era clients are then served there without a session, as the 2025 revisions allow, and 2026-07-28 clients need none; or serve on node, deno or bun)`,
  },
  {
    feature: 'resource subscriptions',
    targets: PER_REQUEST,
    want: (t) =>
      `4:39 error targets/unserved capabilities.resources.subscribe: resource subscriptions are not served on ${t} (targets[1]): a 2026-07-28 subscriptions/listen stream hears only the changes made in its own instance, and a 2025-era resources/subscribe lives in a session (leave capabilities.resources.subscribe out (clients then read a resource again when they need it fresh), or serve on node, deno or bun)`,
  },
  {
    feature: 'HTTP+SSE transport (2024-11-05)',
    targets: NOT_NODE,
    want: (t) =>
      `4:14 error targets/unserved transports.sse: the HTTP+SSE transport (2024-11-05) is not served on ${t} (targets[1]): mcp-gen's HTTP+SSE endpoint is written on Node's HTTP server, and its event stream and the POSTs that answer it must reach one process (use Streamable HTTP, which every target serves and clients of 2025-03-26 and later speak, or serve on node)`,
  },
  {
    feature: 'WebSocket transport',
    targets: NOT_NODE,
    want: (t) =>
      `4:14 error targets/unserved transports.websocket: the WebSocket transport is not served on ${t} (targets[1]): mcp-gen's WebSocket endpoint is written on Node's HTTP server and the ws package, and a connection holds one server for its whole life (use Streamable HTTP, which every target serves, or serve on node)`,
  },
  {
    feature: 'shared store (Redis or Valkey)',
    targets: LONG_LIVED,
    want: (t) =>
      `4:16 error targets/unserved scale.store: the shared store (Redis or Valkey) is not served on ${t} (targets[1]): mcp-gen's shared store serves replicas of the node entry (their sessions are taken over on Node's HTTP transport) (leave scale out: ${t} keeps the state in its one process; for replicas that share it, serve on node)`,
  },
  {
    feature: 'shared store (Redis or Valkey)',
    targets: ['workers'],
    want: () =>
      '4:16 error targets/unserved scale.store: the shared store (Redis or Valkey) is not served on workers (targets[1]): the store client (ioredis) cannot open its TCP connection to the store from a Worker (leave scale out and keep to what needs no shared state on workers, or serve on node, vercel or lambda, which reach the store)',
  },
  {
    feature: 'tool rate and concurrency limits',
    targets: ['workers'],
    want: () =>
      "5:21 error targets/unserved tools.search.policy.maxConcurrency: tool rate and concurrency limits are not served on workers (targets[1]): each request may reach a fresh instance, which remembers nothing of the requests before it and counts from zero, and a Worker cannot reach the shared store (leave the limit out and limit requests in front of the Worker (Cloudflare's rate limiting rules), or serve on node, deno or bun)",
  },
  {
    feature: 'tool rate and concurrency limits',
    targets: ['vercel', 'lambda'],
    want: (t) =>
      `5:21 error targets/needs-store tools.search.policy.maxConcurrency: tool rate and concurrency limits on ${t} (targets[1]) need scale.store: redis: each request may reach a fresh instance, which remembers nothing of the requests before it and counts from zero; with the shared store every instance counts in it (set scale.store: redis (MCP_STORE_URL) so that the instances count together, or leave the limit out and limit requests in front of the function, or serve on node, deno or bun)`,
  },
  {
    feature: 'tasks',
    targets: ['workers'],
    want: () =>
      "5:37 error targets/unserved tools.search.execution.taskSupport: tasks are not served on workers (targets[1]): a task's handler goes on after the answer and later requests must find the task, but the next request may reach another instance, and a Worker cannot reach the shared store (leave execution.taskSupport out (the tool then answers within its call), or serve on node, deno or bun)",
  },
  {
    feature: 'tasks',
    targets: ['vercel'],
    want: () =>
      "5:37 error targets/needs-store tools.search.execution.taskSupport: tasks on vercel (targets[1]) need scale.store: redis: a task's handler goes on after the answer and later requests must find the task, and the next request may reach another instance; in the shared store every instance finds it, and waitUntil keeps the one running it (up to maxDuration) (set scale.store: redis (MCP_STORE_URL), or leave execution.taskSupport out (the tool then answers within its call), or serve on node, deno or bun)",
  },
  {
    feature: 'tasks',
    targets: ['lambda'],
    want: () =>
      "5:37 error targets/unserved tools.search.execution.taskSupport: tasks are not served on lambda (targets[1]): a task's handler goes on after the answer, but Lambda freezes an instance once it has answered, and then nothing runs it (the shared store would let any instance find the task, not run it) (leave execution.taskSupport out (the tool then answers within its call), or serve on node, deno or bun)",
  },
  {
    feature: 'OpenTelemetry',
    targets: ['deno'],
    want: () =>
      "4:19 error targets/unserved telemetry.otel: OpenTelemetry is not served on deno (targets[1]): mcp-gen's telemetry runs the OpenTelemetry SDK for Node (leave telemetry.otel out and turn on Deno's own OpenTelemetry export (OTEL_DENO=true), or serve on node)",
  },
  {
    feature: 'OpenTelemetry',
    targets: ['bun'],
    want: () =>
      "4:19 error targets/unserved telemetry.otel: OpenTelemetry is not served on bun (targets[1]): mcp-gen's telemetry runs the OpenTelemetry SDK for Node (serve on node, or leave telemetry.otel out)",
  },
  {
    feature: 'OpenTelemetry',
    targets: ['workers'],
    want: () =>
      "4:19 error targets/unserved telemetry.otel: OpenTelemetry is not served on workers (targets[1]): mcp-gen's telemetry runs the OpenTelemetry SDK for Node, which exports in batches after the answer (leave telemetry.otel out and turn on Workers tracing (observability in wrangler.jsonc), or serve on node)",
  },
  {
    feature: 'OpenTelemetry',
    targets: ['vercel'],
    want: () =>
      "4:19 error targets/unserved telemetry.otel: OpenTelemetry is not served on vercel (targets[1]): mcp-gen's telemetry runs the OpenTelemetry SDK for Node, which exports in batches after the answer, and an instance may be stopped first (leave telemetry.otel out and use Vercel's OpenTelemetry integration, or serve on node)",
  },
  {
    feature: 'OpenTelemetry',
    targets: ['lambda'],
    want: () =>
      "4:19 error targets/unserved telemetry.otel: OpenTelemetry is not served on lambda (targets[1]): mcp-gen's telemetry runs the OpenTelemetry SDK for Node, which exports in batches after the answer, and an instance is frozen once it has answered (leave telemetry.otel out and use the AWS Distro for OpenTelemetry Lambda layer, or serve on node)",
  },
  {
    feature: 'Compose and Kubernetes files',
    targets: NOT_NODE,
    alone: true,
    want: () =>
      "4:19 error targets/needs-node deploy.compose: Compose and Kubernetes files are served by the node entry only, and targets lists no node: they run the node entry's container image (add node to targets, or leave deploy out)",
  },
  {
    feature: 'MCP Bundle (.mcpb)',
    targets: NOT_NODE,
    alone: true,
    want: () =>
      '4:1 error targets/needs-node bundle: the MCP Bundle (.mcpb) is served by the node entry only, and targets lists no node: desktop clients install the bundle and launch the node entry from it over stdio (add node to targets, or leave bundle out)',
  },
];

const refusedCases = REFUSED.flatMap((r) => r.targets.map((t) => ({ ...r, target: t })));

describe('targets: the matrix', () => {
  it('has a manifest text for every feature, and a case for every cell that is not simply served', () => {
    expect(Object.keys(FEATURE_YAML).sort()).toEqual(TARGET_FEATURES.map((f) => f.title).sort());
    const unserved = TARGET_FEATURES.flatMap((f) =>
      TARGET_NAMES.filter((t) => f.cells[t].kind !== 'served').map((t) => `${f.title} on ${t}`),
    );
    expect(refusedCases.map((c) => `${c.feature} on ${c.target}`).sort()).toEqual(unserved.sort());
  });

  it.each(refusedCases.map((c) => [c.feature, c.target, c] as const))('refuses %s on %s, at the feature', (_f, target, c) => {
    const list = c.alone ? `[${target}]` : `[node, ${target}]`;
    expect(targetIssues(`targets: ${list}\n${FEATURE_YAML[c.feature]}`)).toEqual([c.want(target)]);
  });

  const servedCases = TARGET_FEATURES.flatMap((f) =>
    TARGET_NAMES.map((t) => {
      const cell = f.cells[t];
      if (cell.kind === 'refused') return undefined;
      // A conditional cell is served once its condition holds: the store added, or node listed beside the target.
      const store = cell.kind === 'when' && cell.condition === 'store' ? 'scale: {store: redis}\n' : '';
      const list = cell.kind === 'when' && cell.condition === 'node' ? `[node, ${t}]` : `[${t}]`;
      return [f.title, t, `targets: ${list}\n${FEATURE_YAML[f.title]}${store}`] as const;
    }),
  ).filter((c) => c !== undefined);

  it.each(servedCases)('accepts %s on %s', (_f, _t, yaml) => {
    expect(targetIssues(yaml)).toEqual([]);
  });

  it('has served cases on every target', () => {
    for (const t of TARGET_NAMES) expect(servedCases.some(([, target]) => target === t)).toBe(true);
  });

  it('refuses a feature once per target that cannot serve it, in the order of the list', () => {
    expect(targetIssues('targets: [node, workers, deno, lambda]\ntransports: {websocket: true}\n').map((i) => i.split(': ')[1])).toEqual([
      'the WebSocket transport is not served on workers (targets[1])',
      'the WebSocket transport is not served on deno (targets[2])',
      'the WebSocket transport is not served on lambda (targets[3])',
    ]);
  });

  it('refuses each place a feature is asked for: every tool with a limit or tasks', () => {
    const yaml =
      'targets: [node, lambda]\ntools:\n  a: {policy: {rateLimit: {requests: 1, windowMs: 1000}, maxConcurrency: 1}}\n  b: {policy: {timeoutMs: 1000}}\n  c: {policy: {maxConcurrencyPerPrincipal: 2}, execution: {taskSupport: required}}\n';
    expect(targetIssues(yaml).map((i) => i.split(': ')[0])).toEqual([
      '5:16 error targets/needs-store tools.a.policy.rateLimit',
      '7:16 error targets/needs-store tools.c.policy.maxConcurrencyPerPrincipal',
      '7:73 error targets/unserved tools.c.execution.taskSupport',
    ]);
    // With the store, the limits are counted in it; tasks stay refused.
    expect(targetIssues(`${yaml}scale: {store: redis}\n`).map((i) => i.split(': ')[0])).toEqual([
      '7:73 error targets/unserved tools.c.execution.taskSupport',
    ]);
  });

  it('says a missing node once per place, whatever else is listed', () => {
    expect(targetIssues('targets: [deno, workers, vercel]\ntransports: {stdio: true}\n')).toHaveLength(1);
  });
});

describe('targets: defaults that adapt', () => {
  it('serves stdio and 2025-era sessions where they can live, and asks nothing of the others', () => {
    expect(issues('targets: [workers]\n')).toEqual([]);
    expect(issues('targets: [node, workers, vercel, lambda]\ntransports: {http: {port: 8080}}\n')).toEqual([]);
    expect(issues('targets: [node, lambda]\ntransports: {http: {mode: stateless}}\n')).toEqual([]);
  });

  it('refuses turning HTTP off beside a target that serves nothing else', () => {
    expect(targetIssues('targets: [node, lambda, workers]\ntransports: {http: false}\n')).toEqual([
      '4:20 error targets/needs-http transports.http: lambda (targets[1]) serves MCP over Streamable HTTP, which transports.http: false turns off (leave transports.http out (it is on by default), or remove lambda from targets)',
      '4:20 error targets/needs-http transports.http: workers (targets[2]) serves MCP over Streamable HTTP, which transports.http: false turns off (leave transports.http out (it is on by default), or remove workers from targets)',
    ]);
    expect(issues('targets: [node]\ntransports: {http: false}\n')).toEqual([]);
  });
});

describe('targets: the list and its settings', () => {
  it('accepts every target, bare or with its settings', () => {
    const yaml = `targets:
  - node
  - deno
  - bun
  - workers: {name: notes-mcp, compatibilityDate: '2026-07-28', customDomains: [mcp.example.com, notes.example.org]}
  - vercel: {maxDuration: 800}
  - lambda: {timeout: 900}
`;
    expect(issues(yaml)).toEqual([]);
  });

  interface Case {
    name: string;
    yaml: string;
    want: string[];
  }
  const cases: Case[] = [
    {
      name: 'a name that is no target, with the closest one',
      yaml: 'targets: [node, worker, Deno]\n',
      want: [
        '3:17 error manifest/invalid-value targets[1]: must be one of: "node", "deno", "bun", "workers", "vercel", "lambda" (did you mean \'workers\'?)',
        '3:25 error manifest/invalid-value targets[2]: must be one of: "node", "deno", "bun", "workers", "vercel", "lambda" (did you mean \'deno\'?)',
      ],
    },
    {
      name: 'a target listed twice, bare or with settings',
      yaml: 'targets: [node, workers, node, {workers: {name: notes}}]\n',
      want: [
        '3:26 error targets/duplicate targets[2]: node is listed twice (also targets[0]) (list each target once; its settings go in that one item: - node: {...})',
        '3:32 error targets/duplicate targets[3]: workers is listed twice (also targets[1]) (list each target once; its settings go in that one item: - workers: {...})',
      ],
    },
    {
      name: 'settings for a target that takes none',
      yaml: 'targets:\n  - node: {}\n',
      want: ["4:5 error manifest/unknown-key targets[0].node: unknown key 'node' (node takes no settings: write the item as - node)"],
    },
    {
      name: 'two targets in one item',
      yaml: 'targets:\n  - node\n  - vercel: {maxDuration: 60}\n    lambda: {timeout: 20}\n',
      want: [
        '5:5 error manifest/invalid-value targets[1]: must have at most 1 key (one target per item: write each target with its settings as an item of its own)',
      ],
    },
    {
      name: 'an item that is neither a name nor a map, and an empty map',
      yaml: 'targets: [node, 3, [workers], {}]\n',
      want: [
        '3:17 error manifest/invalid-type targets[1]: must be string or object',
        '3:20 error manifest/invalid-type targets[2]: must be string or object',
        '3:31 error manifest/invalid-value targets[3]: must NOT have fewer than 1 properties',
      ],
    },
    {
      name: 'no target, or not a list',
      yaml: 'targets: []\n',
      want: ['3:10 error manifest/invalid-value targets: must NOT have fewer than 1 items'],
    },
    {
      name: 'a single name not in a list',
      yaml: 'targets: workers\n',
      want: ['3:10 error manifest/invalid-type targets: must be array'],
    },
    {
      name: 'an unknown setting, with the closest one',
      yaml: 'targets:\n  - vercel: {maxduration: 60}\n',
      want: ["4:14 error manifest/unknown-key targets[0].vercel.maxduration: unknown key 'maxduration' (did you mean 'maxDuration'?)"],
    },
    {
      name: 'settings out of range',
      yaml: 'targets:\n  - vercel: {maxDuration: 0}\n  - lambda: {timeout: 901}\n  - workers: {name: Notes_MCP, compatibilityDate: 28/07/2026}\n',
      want: [
        '4:27 error manifest/invalid-value targets[0].vercel.maxDuration: must be >= 1',
        '5:23 error manifest/invalid-value targets[1].lambda.timeout: must be <= 900',
        '6:21 error manifest/invalid-value targets[2].workers.name: must match pattern "^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$"',
        '6:51 error manifest/invalid-value targets[2].workers.compatibilityDate: must match pattern "^[0-9]{4}-[0-9]{2}-[0-9]{2}$"',
      ],
    },
    {
      name: 'a compatibility date that is no day',
      yaml: "targets:\n  - workers: {compatibilityDate: '2026-02-30'}\n",
      want: [
        '4:34 error targets/compatibility-date targets[0].workers.compatibilityDate: compatibilityDate "2026-02-30" is not a date of the calendar (write a day as YYYY-MM-DD, e.g. 2026-07-28)',
      ],
    },
    {
      name: 'custom domains that are a URL, a workers.dev host or no host name',
      yaml: 'targets:\n  - workers:\n      customDomains: [https://mcp.example.com/mcp, notes.acme.workers.dev, mcp]\n',
      want: [
        '5:23 error targets/custom-domain targets[0].workers.customDomains[0]: custom domain "https://mcp.example.com/mcp" is a URL; a custom domain is a host name (write mcp.example.com)',
        '5:52 error targets/custom-domain targets[0].workers.customDomains[1]: notes.acme.workers.dev is a workers.dev host, which the Worker has without listing it (list host names of your own zones here (mcp.example.com), or nothing)',
        '5:76 error targets/custom-domain targets[0].workers.customDomains[2]: custom domain "mcp" is not a host name (write a host name in one of your zones, e.g. mcp.example.com)',
      ],
    },
  ];

  it.each(cases.map((c) => [c.name, c] as const))('%s', (_name, c) => {
    expect(issues(c.yaml)).toEqual(c.want);
  });
});

describe('targets: tool timeouts past the platform', () => {
  const tool = (ms: number) => `tools:\n  export_notes: {policy: {timeoutMs: ${ms}}}\n`;

  it('warns where a platform ends a request before the tool times out', () => {
    expect(issues(`targets: [node, vercel, {lambda: {timeout: 60}}]\n${tool(400_000)}`)).toEqual([
      "5:38 warning targets/timeout-past-platform tools.export_notes.policy.timeoutMs: timeoutMs is 400000 ms, and vercel (targets[1]) ends a request after 300 s (Vercel's default duration): the client gets the platform's error, not -32004 (lower timeoutMs to 300000 or less, or raise its maxDuration)",
      "5:38 warning targets/timeout-past-platform tools.export_notes.policy.timeoutMs: timeoutMs is 400000 ms, and lambda (targets[2]) ends a request after 60 s (its timeout): the client gets the platform's error, not -32004 (lower timeoutMs to 60000 or less, or raise its timeout and call it through a Function URL (an API Gateway HTTP API ends a request after 30 s whatever the timeout))",
    ]);
    expect(issues(`targets: [{vercel: {maxDuration: 600}}]\n${tool(400_000)}`)).toEqual([]);
  });

  it('holds lambda to its default timeout, and node, deno, bun and workers to nothing', () => {
    expect(issues(`targets: [lambda]\n${tool(30_000)}`)).toEqual([]);
    expect(issues(`targets: [lambda]\n${tool(30_001)}`).map((i) => i.split(': ')[0])).toEqual([
      '5:38 warning targets/timeout-past-platform tools.export_notes.policy.timeoutMs',
    ]);
    expect(issues(`targets: [node, deno, bun, workers]\n${tool(86_400_000)}`)).toEqual([]);
  });
});

describe('targets: generate', () => {
  it('generates every target that validates, listed or by default', () => {
    expect(issues('targets: [node, workers, deno, bun, vercel, lambda]\n', { generate: true })).toEqual([]);
    expect(issues('targets:\n  - lambda: {timeout: 20}\n', { generate: true })).toEqual([]);
    expect(issues('targets: [node]\n', { generate: true })).toEqual([]);
    expect(issues('tools: {t: {}}\n', { generate: true })).toEqual([]);
  });

  it('refuses what a target cannot serve, as validate does', () => {
    expect(
      targetIssues('targets: [node, workers]\ntransports: {websocket: true}\n', { generate: true }).map((i) => i.split(' ')[2]),
    ).toEqual(['targets/unserved']);
  });
});
