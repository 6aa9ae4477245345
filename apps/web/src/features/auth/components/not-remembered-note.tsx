import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { X } from 'lucide-react';
import { Alert } from '@/components/ui/alert';

/**
 * Says that the sign-in will not be remembered; shown when the browser refused to store it
 * (storage blocked or full, `useAuth().notRemembered`): the user stays signed in, held in
 * memory, until a reload. Closable.
 */
export function NotRememberedNote() {
  const intl = useIntl();
  const [dismissed, setDismissed] = useState(false);
  if (dismissed) return null;
  return (
    <Alert variant="warning" className="mb-6">
      <div className="flex items-start gap-3">
        <p className="flex-1">
          <FormattedMessage id="auth.storage.notRemembered" />
        </p>
        <button
          type="button"
          onClick={() => setDismissed(true)}
          aria-label={intl.formatMessage({ id: 'auth.storage.dismiss' })}
          className="-m-1 rounded-md p-1 hover:bg-amber-100 dark:hover:bg-amber-900"
        >
          <X className="size-4" aria-hidden="true" />
        </button>
      </div>
    </Alert>
  );
}
