import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';

export default defineProject({
  plugins: [react()],
  resolve: {
    alias: {
      '@': fileURLToPath(new URL('./src', import.meta.url)),
      // Tests only: device answers in real shapes (issue 33); before the main entry's alias.
      '@raumregler/contract/testing': fileURLToPath(
        new URL('../../packages/contract/src/testing/index.ts', import.meta.url),
      ),
      '@raumregler/contract': fileURLToPath(
        new URL('../../packages/contract/src/index.ts', import.meta.url),
      ),
    },
  },
  test: {
    name: 'web',
    root: fileURLToPath(new URL('.', import.meta.url)),
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./vitest.setup.ts'],
    css: false,
    // Room for vitest.setup.ts's 5-s wait for a screen, on a slow or loaded machine.
    testTimeout: 20_000,
  },
});
