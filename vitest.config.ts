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
          name: 'contract',
          root: 'packages/contract',
          environment: 'node',
          include: ['src/**/*.test.ts'],
        },
      },
    ],
  },
});
