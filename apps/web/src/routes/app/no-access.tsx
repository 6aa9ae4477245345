import { FormattedMessage, useIntl } from 'react-intl';
import { Button } from '@/components/ui/button';
import { ErrorPage } from '@/routes/errors/error-page';

/**
 * What a signed-in user with no access in both areas sees instead of the building: the server
 * refuses them its data (403), so there would only be empty menus. Signing out is the way on.
 */
export function NoAccessPage({ username, onLogout }: { username: string; onLogout: () => void }) {
  const intl = useIntl();
  return (
    <ErrorPage
      code={intl.formatMessage({ id: 'error.noAccess.code' })}
      titleId="error.noAccess.title"
      text={<FormattedMessage id="error.noAccess.text" values={{ username }} />}
    >
      <Button onClick={onLogout}>
        <FormattedMessage id="error.noAccess.logout" />
      </Button>
    </ErrorPage>
  );
}
