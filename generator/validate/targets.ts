// targets: each platform once, its settings, and every feature the manifest turns on served by every target listed
// (the matrix of core/target-matrix.ts, read here and nowhere else).
import type { Finding, Manifest, ListedTarget, TargetFeature } from '../core/index.js';
import {
  API_GATEWAY_TIMEOUT_S,
  LAMBDA_DEFAULTS,
  TARGET_FEATURES,
  VERCEL_DEFAULT_MAX_DURATION_S,
  entriesOf,
  isObject,
  listedTargets,
  readItem,
} from '../core/index.js';
import { domainProblem } from './app-fields.js';

export function checkTargets(m: Manifest): Finding[] {
  const targets = listedTargets(m);
  return [
    ...duplicateFindings(m),
    ...settingFindings(targets),
    ...httpFindings(m, targets),
    ...TARGET_FEATURES.flatMap((feature) => featureFindings(m, feature, targets)),
    ...timeoutFindings(m, targets),
  ];
}

function duplicateFindings(m: Manifest): Finding[] {
  if (!Array.isArray(m.targets)) return [];
  const first = new Map<string, number>();
  const findings: Finding[] = [];
  m.targets.forEach((item, i) => {
    const name = readItem(item)?.name;
    if (name === undefined) return;
    const earlier = first.get(name);
    if (earlier === undefined) first.set(name, i);
    else
      findings.push({
        code: 'targets/duplicate',
        path: ['targets', i],
        message: `${name} is listed twice (also targets[${earlier}])`,
        hint: `list each target once; its settings go in that one item: - ${name}: {...}`,
      });
  });
  return findings;
}

function settingFindings(targets: ListedTarget[]): Finding[] {
  const findings: Finding[] = [];
  for (const { name, index, settings } of targets) {
    const at = ['targets', index, name];
    if (name === 'workers' && typeof settings.compatibilityDate === 'string' && !isCalendarDate(settings.compatibilityDate))
      findings.push({
        code: 'targets/compatibility-date',
        path: [...at, 'compatibilityDate'],
        message: `compatibilityDate ${JSON.stringify(settings.compatibilityDate)} is not a date of the calendar`,
        hint: 'write a day as YYYY-MM-DD, e.g. 2026-07-28',
      });
    if (name === 'workers' && Array.isArray(settings.customDomains))
      settings.customDomains.forEach((domain, i) => {
        if (typeof domain !== 'string') return;
        const problem = customDomainProblem(domain);
        if (problem) findings.push({ code: 'targets/custom-domain', path: [...at, 'customDomains', i], ...problem });
      });
  }
  return findings;
}

function customDomainProblem(domain: string): { message: string; hint: string } | undefined {
  if (/(^|\.)workers\.dev$/i.test(domain))
    return {
      message: `${domain} is a workers.dev host, which the Worker has without listing it`,
      hint: 'list host names of your own zones here (mcp.example.com), or nothing',
    };
  if (!domainProblem(domain)) return undefined;
  const url = /^[a-z][a-z0-9+.-]*:\/\/([^/?#]*)/i.exec(domain);
  if (url) return { message: `custom domain ${JSON.stringify(domain)} is a URL; a custom domain is a host name`, hint: `write ${url[1]}` };
  return {
    message: `custom domain ${JSON.stringify(domain)} is not a host name`,
    hint: 'write a host name in one of your zones, e.g. mcp.example.com',
  };
}

/** A YYYY-MM-DD that names a day (the schema's pattern reports any other form). */
function isCalendarDate(text: string): boolean {
  if (!/^[0-9]{4}-[0-9]{2}-[0-9]{2}$/.test(text)) return true;
  const [y, mo, d] = text.split('-').map(Number);
  const date = new Date(Date.UTC(y, mo - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d;
}

/** Every target but node serves Streamable HTTP only: it needs the HTTP endpoint. */
function httpFindings(m: Manifest, targets: ListedTarget[]): Finding[] {
  if (!isObject(m.transports) || m.transports.http !== false) return [];
  return targets
    .filter((t) => t.name !== 'node')
    .map((t) => ({
      code: 'targets/needs-http',
      path: ['transports', 'http'],
      message: `${t.name} (targets[${t.index}]) serves MCP over Streamable HTTP, which transports.http: false turns off`,
      hint: `leave transports.http out (it is on by default), or remove ${t.name} from targets`,
    }));
}

/** Each place the manifest asks for the feature, against each target listed; a missing node is said once per place. */
function featureFindings(m: Manifest, feature: TargetFeature, targets: ListedTarget[]): Finding[] {
  const hits = feature.find(m);
  if (hits.length === 0) return [];
  const subject = feature.subject ?? feature.title;
  const is = feature.plural ? 'are' : 'is';
  const store = isObject(m.scale) && m.scale.store === 'redis';
  const node = targets.some((t) => t.name === 'node');
  const findings: Finding[] = [];
  for (const hit of hits) {
    let nodeSaid = false;
    for (const t of targets) {
      const cell = feature.cells[t.name];
      const where = `${t.name} (targets[${t.index}])`;
      if (cell.kind === 'refused')
        findings.push({
          code: 'targets/unserved',
          ...hit,
          message: `${subject} ${is} not served on ${where}: ${cell.why}`,
          hint: cell.instead,
        });
      else if (cell.kind === 'when' && cell.condition === 'store' && !store)
        findings.push({
          code: 'targets/needs-store',
          ...hit,
          message: `${subject} on ${where} need${feature.plural ? '' : 's'} scale.store: redis: ${cell.why}`,
          hint: cell.instead,
        });
      else if (cell.kind === 'when' && cell.condition === 'node' && !node && !nodeSaid) {
        nodeSaid = true;
        findings.push({
          code: 'targets/needs-node',
          ...hit,
          message: `${subject} ${is} served by the node entry only, and targets lists no node: ${cell.why}`,
          hint: cell.instead,
        });
      }
    }
  }
  return findings;
}

/**
 * A tool's timeoutMs past what the platform lets a request run: the platform ends the request first, and the client
 * gets the platform's error instead of the tool's -32004.
 */
function timeoutFindings(m: Manifest, targets: ListedTarget[]): Finding[] {
  const limits = targets.flatMap((t) => {
    if (t.name === 'vercel') {
      const set = seconds(t.settings.maxDuration);
      return [
        {
          t,
          seconds: set ?? VERCEL_DEFAULT_MAX_DURATION_S,
          what: set === undefined ? "Vercel's default duration" : 'maxDuration',
          fix: 'raise its maxDuration',
        },
      ];
    }
    if (t.name === 'lambda') {
      const set = seconds(t.settings.timeout) ?? LAMBDA_DEFAULTS.timeout;
      const fix = `raise its timeout and call it through a Function URL (an API Gateway HTTP API ends a request after ${API_GATEWAY_TIMEOUT_S} s whatever the timeout)`;
      return [{ t, seconds: set, what: 'its timeout', fix }];
    }
    return [];
  });
  if (limits.length === 0) return [];
  const findings: Finding[] = [];
  for (const [name, tool] of entriesOf(m, 'tools')) {
    const ms = isObject(tool.policy) ? tool.policy.timeoutMs : undefined;
    if (typeof ms !== 'number') continue;
    for (const { t, seconds, what, fix } of limits) {
      if (ms <= seconds * 1000) continue;
      findings.push({
        code: 'targets/timeout-past-platform',
        severity: 'warning',
        path: ['tools', name, 'policy', 'timeoutMs'],
        message: `timeoutMs is ${ms} ms, and ${t.name} (targets[${t.index}]) ends a request after ${seconds} s (${what}): the client gets the platform's error, not -32004`,
        hint: `lower timeoutMs to ${seconds * 1000} or less, or ${fix}`,
      });
    }
  }
  return findings;
}

/** A setting in seconds as the schema takes it; anything else is the schema's to report, and counts as unset here. */
function seconds(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isInteger(value) && value >= 1 ? value : undefined;
}
