import { FormattedMessage } from 'react-intl';
import { Link } from 'react-router';
import { paths, SUPPORT_MAIL } from '@/config/paths';
import { ErrorPage, primaryLinkClass, secondaryLinkClass } from './error-page';

export default function ServerErrorRoute() {
  return (
    <ErrorPage code="500" titleId="error.500.title" text={<FormattedMessage id="error.500.text" />}>
      <a href={`mailto:${SUPPORT_MAIL}`} className={secondaryLinkClass}>
        <FormattedMessage id="error.500.contact" />
      </a>
      <Link to={paths.home} className={primaryLinkClass}>
        <FormattedMessage id="error.500.backHome" />
      </Link>
    </ErrorPage>
  );
}
