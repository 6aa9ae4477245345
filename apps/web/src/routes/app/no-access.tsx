import type { Permissions } from '@raumregler/contract';
import { FormattedMessage, useIntl } from 'react-intl';
import { Button } from '@/components/ui/button';
import { ErrorPage } from '@/routes/errors/error-page';

/** A `YYYY-MM-DD` day as a local date (noon: no time zone moves it to another day). */
const dayOf = (day: string) => {
  const [year, month, date] = day.split('-').map(Number);
  return new Date(year!, month! - 1, date!, 12);
};

/**
 * What a signed-in user with no access in both areas sees instead of the building: the server
 * refuses them its data (403), so there would only be empty menus. Signing out is the way on.
 * Outside their validity (issue 34) it says when their access begins or when it ended.
 */
export function NoAccessPage({
  username,
  permissions,
  today,
  onLogout,
}: {
  username: string;
  permissions?: Pick<Permissions, 'valid_from' | 'valid_until'>;
  /** The device's local date, `YYYY-MM-DD`. */
  today: string;
  onLogout: () => void;
}) {
  const intl = useIntl();
  const from = permissions?.valid_from;
  const until = permissions?.valid_until;
  const date = (day: string) => intl.formatDate(dayOf(day), { dateStyle: 'long' });
  const text =
    from && today < from ? (
      <FormattedMessage id="error.noAccess.notYet" values={{ username, date: date(from) }} />
    ) : until && until < today ? (
      <FormattedMessage id="error.noAccess.ended" values={{ username, date: date(until) }} />
    ) : (
      <FormattedMessage id="error.noAccess.text" values={{ username }} />
    );
  return (
    <ErrorPage
      code={intl.formatMessage({ id: 'error.noAccess.code' })}
      titleId="error.noAccess.title"
      text={text}
    >
      <Button onClick={onLogout}>
        <FormattedMessage id="error.noAccess.logout" />
      </Button>
    </ErrorPage>
  );
}
