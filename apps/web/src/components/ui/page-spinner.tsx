import { useIntl } from 'react-intl';
import { Spinner } from './spinner';

/** A page's place while what decides it is loading (the permissions of a guarded route). */
export function PageSpinner() {
  const intl = useIntl();
  return (
    <div className="grid h-40 place-items-center">
      <Spinner
        label={intl.formatMessage({ id: 'common.loading' })}
        className="text-teal-700 dark:text-teal-400"
      />
    </div>
  );
}
