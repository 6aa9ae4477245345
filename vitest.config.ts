import { defineConfig } from 'vitest/config';

/** One Vitest run for the whole repo, one project per package. */
export default defineConfig({
  test: {
    projects: [
      'apps/web/vitest.config.ts',
      {
        test: {
          name: 'server',
          root: 'apps/server',
          environment: 'node',
          include: ['src/**/*.test.ts', 'bench/**/*.test.ts'],
          testTimeout: 20_000,
        },
      },
      {
        test: {
          // The server on PostgreSQL (issue 37): the tests where the engine matters (writes,
          // reads, rights and the audit through the real server), each server on a fresh
          // database of a throw-away cluster per file (test-support/test-server.ts). Every
          // repository's own tests run on both engines in the project above.
          name: 'server-postgres',
          root: 'apps/server',
          environment: 'node',
          env: { RAUMREGLER_TEST_ENGINE: 'postgres' },
          include: [
            'src/modules/accounts/change-password.test.ts',
            'src/modules/accounts/end-accounts.test.ts',
            'src/modules/accounts/members/members.test.ts',
            'src/modules/audit/audit-query.test.ts',
            'src/modules/building/routes/get.test.ts',
            'src/modules/building/routes/heizprogramm.test.ts',
            'src/modules/building/routes/reads.test.ts',
            'src/modules/building/routes/scope.test.ts',
            'src/modules/building/routes/set.test.ts',
            'src/modules/building/routes/until.test.ts',
            'src/modules/building/simulation-service.test.ts',
            'src/modules/buildings/buildings.test.ts',
            'src/modules/history/export.test.ts',
            'src/modules/tokens/tokens.test.ts',
            'src/our-api-scope.test.ts',
            'src/platform/auth/auth.test.ts',
            'src/platform/auth/sign-in-cache.test.ts',
            'src/robustness/pre-1970-dates.test.ts',
            'src/robustness/routes-bad-input.test.ts',
          ],
          testTimeout: 20_000,
        },
      },
      {
        test: {
          name: 'contract',
          root: 'packages/contract',
          environment: 'node',
          include: ['src/**/*.test.ts'],
        },
      },
    ],
  },
});
