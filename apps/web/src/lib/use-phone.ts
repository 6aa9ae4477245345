import { useSyncExternalStore } from 'react';

/** Below 600 px lists show compact cards instead of a table (the overview, the alarm console). */
const PHONE_QUERY = '(max-width: 599.98px)';

const media = () =>
  typeof window !== 'undefined' && typeof window.matchMedia === 'function'
    ? window.matchMedia(PHONE_QUERY)
    : null;

const subscribe = (onChange: () => void) => {
  const query = media();
  query?.addEventListener('change', onChange);
  return () => query?.removeEventListener('change', onChange);
};

export const usePhone = () =>
  useSyncExternalStore(
    subscribe,
    () => media()?.matches ?? false,
    () => false,
  );
