import { useEffect } from 'react';
import { FormattedMessage } from 'react-intl';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { paths, ROUTER_BASENAME } from '@/config/paths';
import { onReachabilityChange, reportReachability } from '@/lib/connection';
import { ErrorPage, primaryLinkClass } from './error-page';

function messageOf(error: unknown): string {
  if (isRouteErrorResponse(error)) return `${error.status} ${error.statusText}`;
  if (error instanceof Error) return error.message;
  return String(error);
}

/** A screen's code could not be fetched: the controller (which serves the app) is not there. */
export function isChunkLoadError(error: unknown): boolean {
  return (
    error instanceof TypeError &&
    /dynamically imported module|module script failed|Failed to fetch/i.test(error.message)
  );
}

/**
 * The router's error element: whatever broke while rendering or loading a route. Links are plain
 * <a> (a full reload), since the router state itself may be what failed.
 */
export function RouterErrorPage() {
  const error = useRouteError();
  const unreachable = isChunkLoadError(error);

  // The connection banner keeps probing; once the controller answers, load the page afresh.
  useEffect(() => {
    if (!unreachable) return;
    reportReachability('unreachable');
    return onReachabilityChange((state) => {
      if (state === 'reachable') window.location.reload();
    });
  }, [unreachable]);

  if (unreachable)
    return (
      <ErrorPage
        code="…"
        titleId="error.offline.title"
        text={<FormattedMessage id="error.offline.text" />}
      >
        <a href={window.location.href} className={primaryLinkClass}>
          <FormattedMessage id="error.offline.retry" />
        </a>
      </ErrorPage>
    );
  return (
    <ErrorPage
      code="!"
      titleId="error.unexpected.title"
      text={<span className="font-mono text-sm break-words">{messageOf(error)}</span>}
    >
      <a href={`${ROUTER_BASENAME}${paths.home}`} className={primaryLinkClass}>
        <FormattedMessage id="error.404.returnHome" />
      </a>
    </ErrorPage>
  );
}
