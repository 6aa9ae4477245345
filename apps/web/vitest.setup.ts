import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

afterEach(() => {
  cleanup();
  // The layering test lints in the node environment, without web storage.
  if (typeof window === 'undefined') return;
  localStorage.clear();
  sessionStorage.clear();
});
