// One suite shape for every example: the same checks over stdio and Streamable HTTP, in both protocol eras, with
// a clean HTTP shutdown (SIGTERM -> exit code 0) at the end.
import type { Client } from '@modelcontextprotocol/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectHttp, connectStdio, startHttpServer, type Era, type RunningHttp } from './project.js';

export function describeServedEverywhere(name: string, dir: () => string, exercise: (client: Client, era: Era) => Promise<void>): void {
  const run = async (client: Client, era: Era) => {
    try {
      await exercise(client, era);
    } finally {
      await client.close();
    }
  };

  describe.each(['legacy', 'modern'] as const)(`${name} over stdio (%s era)`, (era) => {
    it('serves every manifest entry', async () => run(await connectStdio(dir(), era), era));
  });

  describe(`${name} over Streamable HTTP`, () => {
    let server: RunningHttp;
    beforeAll(async () => {
      server = await startHttpServer(dir());
    });
    afterAll(async () => {
      expect(await server.stop()).toBe(0);
    });
    it.each(['legacy', 'modern'] as const)('serves every manifest entry (%s era)', async (era) =>
      run(await connectHttp(server.url, era), era),
    );
  });
}
