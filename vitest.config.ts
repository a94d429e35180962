import { defineConfig } from 'vitest/config';

// The suite in projects, by what a test costs and what it depends on:
// - unit: modules in-process, against the fake servers on loopback. `npm run test:fast`.
// - integration: whole runs in-process (the Action, the CLI, the modes, publishing with git, MCP
//   servers as child processes).
// - e2e: the committed bundle (dist/) started as the runner or a user starts it.
// - security: hostile-model runs of the whole Action and CLI, with and without the sandbox.
// - sandbox: the sandboxes for real on this machine (namespaces, the sandbox user).
// `npm test` runs them all, with coverage: the suite CI gates on.
const INTEGRATION = [
  'test/integration/**/*.test.ts',
  'test/action/**/*.test.ts',
  'test/cli/**/*.test.ts',
  'test/local/**/*.test.ts',
  'test/modes/**/*.test.ts',
  'test/publish/**/*.test.ts',
  'test/tools/mcp/**/*.test.ts',
];
const E2E = 'test/e2e/**/*.test.ts';
const SECURITY = 'test/security/**/*.test.ts';
const SANDBOX = 'test/platform/sandbox/**/*.test.ts';

/** Finds out once per run which sandboxes work here (test/support/sandbox-suites.ts reads it). */
const SANDBOX_PROBE = 'test/support/sandbox-probe.ts';
/** Fails the run when the tests leave `gemini-agent-*` entries in the temporary folder. */
const TEMP_LEFTOVERS = 'test/support/temp-leftovers.ts';

export default defineConfig({
  test: {
    testTimeout: 20_000,
    hookTimeout: 20_000,
    setupFiles: ['test/support/setup.ts'],
    globalSetup: [TEMP_LEFTOVERS],
    coverage: {
      provider: 'v8',
      include: ['src/**/*.ts'],
      exclude: ['src/action/entry.ts'],
      reporter: ['text-summary'],
      thresholds: { lines: 90, functions: 90, statements: 90, branches: 80 },
    },
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['test/**/*.test.ts'],
          exclude: [...INTEGRATION, E2E, SECURITY, SANDBOX],
        },
      },
      { extends: true, test: { name: 'integration', include: INTEGRATION } },
      { extends: true, test: { name: 'e2e', include: [E2E] } },
      {
        extends: true,
        test: {
          name: 'security',
          include: [SECURITY],
          globalSetup: [TEMP_LEFTOVERS, SANDBOX_PROBE],
        },
      },
      {
        extends: true,
        test: { name: 'sandbox', include: [SANDBOX], globalSetup: [TEMP_LEFTOVERS, SANDBOX_PROBE] },
      },
    ],
  },
});
