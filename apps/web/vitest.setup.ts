import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';
import { addSignedInMessages } from './src/lib/catalog-de-signed-in';

// Unit tests render signed-in screens without the signed-in frame that brings their German
// strings in the app (lib/catalog-de-signed-in.ts).
addSignedInMessages();

afterEach(() => {
  cleanup();
  // The layering test lints in the node environment, without web storage.
  if (typeof window === 'undefined') return;
  localStorage.clear();
  sessionStorage.clear();
});
