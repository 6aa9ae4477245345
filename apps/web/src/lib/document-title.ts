import { useEffect } from 'react';
import { useIntl } from 'react-intl';

/**
 * The browser tab's title: the page's name, then the app's ("Wohnzimmer – Raumregler"), so that
 * tabs, the history and bookmarks tell the pages apart (WCAG 2.4.2). Without a name, the app's.
 */
export function useDocumentTitle(page: string | undefined) {
  const intl = useIntl();
  const app = intl.formatMessage({ id: 'app.name' });
  useEffect(() => {
    document.title = page ? `${page} – ${app}` : app;
  }, [page, app]);
}

/** useDocumentTitle for a screen whose name is a catalogue message; renders nothing. */
export function DocumentTitle({ id }: { id: string }) {
  const intl = useIntl();
  useDocumentTitle(intl.formatMessage({ id }));
  return null;
}
