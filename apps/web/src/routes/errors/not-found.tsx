import { FormattedMessage } from 'react-intl';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { ErrorPage, primaryLinkClass } from './error-page';

export default function NotFoundRoute() {
  return (
    <ErrorPage code="404" titleId="error.404.title" text={<FormattedMessage id="error.404.text" />}>
      <Link to={paths.home} className={primaryLinkClass}>
        <FormattedMessage id="error.404.returnHome" />
      </Link>
    </ErrorPage>
  );
}
