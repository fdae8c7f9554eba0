// The scope challenge each tool with `policy.scopes` is registered with (the e2e tests in http-hardening*.test.ts see
// the SDK answer it with 403 over HTTP): which calls it challenges, with which scopes, and that each challenge is
// counted as a policy refusal.
import { describe, expect, it } from 'vitest';
import { runtimeCopies } from '../support/runtime-copy.js';

const at = runtimeCopies(['limits', 'observe', 'concurrency', 'store', 'policy', 'scope']);
const { Policies } = (await import(at('policy'))) as typeof import('../../templates/runtime/policy.js');
const { setObserver } = (await import(at('observe'))) as typeof import('../../templates/runtime/observe.js');

const request = { jsonrpc: '2.0' as const, id: 1, method: 'tools/call', params: { name: 'write_note' } };
const token = (scopes: string[]) => ({ token: 't', clientId: 'ci', scopes });

describe('Policies.scopeChallenge', () => {
  const policies = new Policies({ write_note: { scopes: ['notes:write', 'notes:read'] }, open: { timeoutMs: 10 } });
  const refused: [string, number][] = [];
  setObserver({ refused: (tool: string, code: number) => void refused.push([tool, code]) } as never);

  it('challenges a token that lacks a scope with every scope the tool needs, and counts the refusal', async () => {
    const challenge = policies.scopeChallenge('write_note')!;
    expect(await challenge({ request, authInfo: token(['notes:read']) })).toEqual({ scopes: ['notes:write', 'notes:read'] });
    expect(refused).toEqual([['write_note', -32002]]);
  });

  it('lets a token holding them through, and leaves a request without one to the authentication gate', async () => {
    refused.length = 0;
    const challenge = policies.scopeChallenge('write_note')!;
    expect(await challenge({ request, authInfo: token(['notes:read', 'notes:write', 'other']) })).toBeUndefined();
    expect(await challenge({ request })).toBeUndefined();
    expect(refused).toEqual([]);
  });

  it('has none for a tool without scopes or without a policy, and makes each once', () => {
    expect([policies.scopeChallenge('open'), policies.scopeChallenge('unknown')]).toEqual([undefined, undefined]);
    expect(policies.scopeChallenge('write_note')).toBe(policies.scopeChallenge('write_note'));
  });
});
