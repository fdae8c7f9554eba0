import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // Golden trees hold generated projects' own tests; those run inside the generated projects.
    exclude: ['test/fixtures/**', '**/node_modules/**'],
    // Installs the generated projects' dependencies once, into a shared cache every e2e test links to.
    globalSetup: ['test/support/global-setup.ts'],
    testTimeout: 120_000,
    hookTimeout: 300_000,
    pool: 'forks',
    maxWorkers: 2,
  },
});
