import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  HTTP_DEFAULTS,
  isLoopbackHost,
  LAMBDA_DEFAULTS,
  SSE_DEFAULTS,
  WEBSOCKET_DEFAULTS,
  WORKERS_DEFAULTS,
} from '../../../generator/core/defaults.js';
import { DEFAULT_VISIBILITY } from '../../../generator/core/apps.js';
import { ROOT } from '../../support/project.js';

const schema = JSON.parse(readFileSync(join(ROOT, 'schemas', 'manifest.schema.json'), 'utf8'));

describe('defaults', () => {
  it('the manifest schema states the same defaults the generator applies', () => {
    const props = (name: string) => schema.definitions[name].properties as Record<string, { default?: unknown }>;
    const stated = (name: string, keys: string[]) => Object.fromEntries(keys.map((k) => [k, props(name)[k]?.default]));
    expect(stated('HttpTransport', Object.keys(HTTP_DEFAULTS))).toEqual(HTTP_DEFAULTS);
    expect(stated('SseTransport', Object.keys(SSE_DEFAULTS))).toEqual(SSE_DEFAULTS);
    expect(stated('WebSocketTransport', Object.keys(WEBSOCKET_DEFAULTS))).toEqual(WEBSOCKET_DEFAULTS);
    expect(props('ToolUi').visibility.default).toEqual(DEFAULT_VISIBILITY);
    expect(stated('WorkersTarget', Object.keys(WORKERS_DEFAULTS))).toEqual(WORKERS_DEFAULTS);
    expect(stated('LambdaTarget', Object.keys(LAMBDA_DEFAULTS))).toEqual(LAMBDA_DEFAULTS);
  });
});

describe('isLoopbackHost', () => {
  const cases: [string, boolean][] = [
    ['localhost', true],
    ['LOCALHOST', true],
    ['api.localhost', false],
    ['127.0.0.1', true],
    ['127.0.0.2', true],
    ['127.1', true],
    ['2130706433', true],
    ['::1', true],
    ['[::1]', true],
    ['0:0:0:0:0:0:0:1', true],
    ['0.0.0.0', false],
    ['::', false],
    ['128.0.0.1', false],
    ['10.0.0.1', false],
    ['attacker.example', false],
    ['127.0.0.1.attacker.example', false],
    ['localhost.attacker.example', false],
    ['::ffff:8.8.8.8', false],
    ['::ffff:127.0.0.1', true],
    ['', false],
  ];
  it.each(cases)('%s -> %s', (host, want) => expect(isLoopbackHost(host)).toBe(want));
});
