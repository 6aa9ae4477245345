import { FormattedMessage, useIntl } from 'react-intl';
import { Button } from '@/components/ui/button';
import { ROUTER_BASENAME } from '@/config/paths';
import { forgetChosenHouse } from '@/lib/house';
import { ErrorPage } from '@/routes/errors/error-page';

/**
 * The page for a building (`?house=N`, issue 37) that does not exist or that the user holds no
 * access in: the server answers 404 alike for both, so as not to tell strangers which house ids
 * exist. The way on is this host's own building (the tab forgets the choice), or signing out.
 */
export function UnknownHousePage({ onLogout }: { onLogout?: () => void }) {
  const intl = useIntl();
  const home = () => {
    forgetChosenHouse();
    window.location.assign(`${ROUTER_BASENAME}/`);
  };
  return (
    <ErrorPage
      code={intl.formatMessage({ id: 'error.unknownHouse.code' })}
      titleId="error.unknownHouse.title"
      text={<FormattedMessage id="error.unknownHouse.text" />}
    >
      <Button onClick={home}>
        <FormattedMessage id="error.unknownHouse.home" />
      </Button>
      {onLogout && (
        <Button variant="secondary" onClick={onLogout}>
          <FormattedMessage id="error.noAccess.logout" />
        </Button>
      )}
    </ErrorPage>
  );
}
