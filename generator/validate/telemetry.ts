// telemetry: settings of the OpenTelemetry support mean nothing without it.
import type { Finding, Manifest } from '../core/index.js';
import { isObject } from '../core/index.js';

export function checkTelemetry(m: Manifest): Finding[] {
  if (!isObject(m.telemetry) || m.telemetry.otel === true || m.telemetry.trustClientSampling === undefined) return [];
  return [
    {
      code: 'telemetry/needs-otel',
      path: ['telemetry', 'trustClientSampling'],
      at: 'key',
      message: 'trustClientSampling decides how traces are sampled, and without otel nothing is traced',
      hint: 'add otel: true to telemetry, or remove trustClientSampling',
    },
  ];
}
