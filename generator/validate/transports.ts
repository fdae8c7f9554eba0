// Transports that share the HTTP listener need it enabled and their own paths; template completions must name
// variables the template has.
import type { Finding } from '../core/index.js';
import { closest } from '../core/index.js';
import type { Manifest } from '../core/index.js';
import { entriesOf } from '../core/index.js';
import { HTTP_DEFAULTS, isObject, serverCardPaths, SSE_DEFAULTS, WEBSOCKET_DEFAULTS } from '../core/index.js';
import { parseUriTemplate } from '../core/index.js';

export function checkTransports(m: Manifest): Finding[] {
  const findings: Finding[] = [];
  const t = isObject(m.transports) ? m.transports : {};
  const httpOn = t.http !== false;
  const httpPath = isObject(t.http) && typeof t.http.path === 'string' ? t.http.path : HTTP_DEFAULTS.path;
  const httpAt = isObject(t.http) && typeof t.http.path === 'string' ? ['transports', 'http', 'path'] : ['transports', 'http'];
  const paths = new Map<string, { owner: string; at: (string | number)[] }>([[httpPath, { owner: 'transports.http.path', at: httpAt }]]);
  const claim = (path: string, owner: string, at: (string | number)[]) => {
    const other = paths.get(path);
    if (other)
      findings.push({
        code: 'transport/path-collision',
        path: at,
        message: `path ${path} is already ${other.owner}`,
        hint: 'give each transport its own path',
      });
    else paths.set(path, { owner, at });
  };
  for (const name of ['sse', 'websocket'] as const) {
    const value = t[name];
    if (value === undefined || value === false) continue;
    if (!httpOn) {
      findings.push({
        code: 'transport/needs-http',
        path: ['transports', name],
        at: 'key',
        message: `${name} is served on the HTTP listener, which transports.http turns off`,
        hint: 'enable transports.http (host and port apply to every HTTP-based transport)',
      });
      continue;
    }
    const o = isObject(value) ? (value as Record<string, unknown>) : {};
    if (name === 'sse') {
      claim(typeof o.path === 'string' ? o.path : SSE_DEFAULTS.path, 'transports.sse.path', [
        'transports',
        'sse',
        ...(o.path ? ['path'] : []),
      ]);
      claim(typeof o.messagesPath === 'string' ? o.messagesPath : SSE_DEFAULTS.messagesPath, 'transports.sse.messagesPath', [
        'transports',
        'sse',
        ...(o.messagesPath ? ['messagesPath'] : []),
      ]);
    } else {
      claim(typeof o.path === 'string' ? o.path : WEBSOCKET_DEFAULTS.path, 'transports.websocket.path', [
        'transports',
        'websocket',
        ...(o.path ? ['path'] : []),
      ]);
    }
  }
  // The server card (with a registry name) answers at these paths before any transport sees the request.
  if (httpOn && isObject(m.server) && typeof m.server.registryName === 'string') {
    for (const path of serverCardPaths(httpPath)) {
      const other = paths.get(path);
      if (other)
        findings.push({
          code: 'transport/path-collision',
          path: other.at,
          message: `path ${path} is where the server card is served (server.registryName is set)`,
          hint: 'give the transport another path',
        });
    }
  }
  return findings;
}

export function checkCompletions(m: Manifest): Finding[] {
  const findings: Finding[] = [];
  for (const [name, tpl] of entriesOf(m, 'resourceTemplates')) {
    if (!isObject(tpl.complete) || typeof tpl.uriTemplate !== 'string') continue;
    const { variables, errors } = parseUriTemplate(tpl.uriTemplate);
    if (errors.length) continue;
    const names = variables.map((v) => v.name);
    for (const key of Object.keys(tpl.complete)) {
      if (names.includes(key)) continue;
      const guess = closest(key, names);
      findings.push({
        code: 'completion/unknown-variable',
        path: ['resourceTemplates', name, 'complete', key],
        at: 'key',
        message: `${key} is not a variable of ${tpl.uriTemplate}`,
        hint: guess ? `did you mean ${guess}?` : `the template's variables: ${names.join(', ')}`,
      });
    }
  }
  return findings;
}
