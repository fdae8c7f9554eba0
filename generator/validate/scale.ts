// scale and deploy: a shared store and deployment files only make sense for the HTTP server, and replicas behind a
// load balancer only work when their state is shared.
import type { Finding } from '../core/index.js';
import type { Manifest } from '../core/index.js';
import { isObject } from '../core/index.js';

export function checkScale(m: Manifest): Finding[] {
  const findings: Finding[] = [];
  const httpOn = !isObject(m.transports) || m.transports.http !== false;
  const store = isObject(m.scale) ? m.scale.store : undefined;
  if (store === 'redis' && !httpOn) {
    findings.push({
      code: 'scale/needs-http',
      path: ['scale', 'store'],
      message: 'a shared store serves replicas of the HTTP server, which transports.http turns off',
      hint: 'enable transports.http, or remove scale',
    });
  }
  if (!isObject(m.deploy) || (m.deploy.compose !== true && m.deploy.kubernetes !== true)) return findings;
  if (!httpOn) {
    findings.push({
      code: 'deploy/needs-http',
      path: ['deploy'],
      at: 'key',
      message: 'deployment files run the HTTP server, which transports.http turns off',
      hint: 'enable transports.http',
    });
  }
  const replicas = typeof m.deploy.replicas === 'number' ? m.deploy.replicas : 3;
  if (replicas > 1 && store !== 'redis') {
    findings.push({
      code: 'deploy/needs-store',
      path: ['deploy', ...(m.deploy.replicas === undefined ? [] : ['replicas'])],
      at: m.deploy.replicas === undefined ? 'key' : 'value',
      message: `${replicas} replicas need a shared store: in memory, sessions, limits and notifications stay in each process`,
      hint: 'add scale: {store: redis}, or deploy: {replicas: 1}',
    });
  }
  return findings;
}
