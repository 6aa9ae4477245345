import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeEach } from 'vitest';
import { addSignedInMessages } from './src/lib/catalog-de-signed-in';
import { markFirstViewDone } from './src/lib/after-paint';
import { resetHouse } from './src/lib/house';

// Unit tests render signed-in screens without the signed-in frame that brings their German
// strings in the app (lib/catalog-de-signed-in.ts).
addSignedInMessages();
// Nor the frame that marks the first view done (lib/after-paint.ts): what waits for it comes
// after the next paint.
markFirstViewDone();

// findBy… and waitFor give up after 1 s by default. A file's first render (its modules, the
// mocked server's first answer) took up to 3 s on a loaded CI machine, and the test failed
// although nothing was wrong; a wrong screen still fails, only later.
configure({ asyncUtilTimeout: 5_000 });

// Every test runs in building 1 as the app config named it (no `?house=N`); lib/house.test.ts
// starts from a fresh page load instead.
beforeEach(() => resetHouse(1));

afterEach(() => {
  cleanup();
  // The layering test lints in the node environment, without web storage.
  if (typeof window === 'undefined') return;
  localStorage.clear();
  sessionStorage.clear();
});
