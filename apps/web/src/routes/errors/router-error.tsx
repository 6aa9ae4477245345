import { FormattedMessage } from 'react-intl';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { paths, ROUTER_BASENAME } from '@/config/paths';
import { ErrorPage, primaryLinkClass } from './error-page';

function messageOf(error: unknown): string {
  if (isRouteErrorResponse(error)) return `${error.status} ${error.statusText}`;
  if (error instanceof Error) return error.message;
  return String(error);
}

/**
 * The router's error element: whatever broke while rendering or loading a route. A plain <a>
 * (full reload) rather than a router link, since the router state itself may be what failed.
 */
export function RouterErrorPage() {
  const error = useRouteError();
  return (
    <ErrorPage
      code="!"
      title={<FormattedMessage id="error.unexpected.title" />}
      text={<span className="font-mono text-sm break-words">{messageOf(error)}</span>}
    >
      <a href={`${ROUTER_BASENAME}${paths.home}`} className={primaryLinkClass}>
        <FormattedMessage id="error.404.returnHome" />
      </a>
    </ErrorPage>
  );
}
