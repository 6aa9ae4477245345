import { useIntl } from 'react-intl';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';

/** While the rooms load, or when loading failed (with a way to try again). */
export function LoadState({ failed, onRetry }: { failed: boolean; onRetry: () => void }) {
  const intl = useIntl();
  if (!failed)
    return (
      <div className="flex justify-center py-12">
        <Spinner label={intl.formatMessage({ id: 'rooms.loading' })} className="text-primary" />
      </div>
    );
  return (
    <Alert variant="danger" className="mx-auto max-w-md items-center">
      <div className="flex flex-col items-start gap-2">
        {intl.formatMessage({ id: 'rooms.loadFailed' })}
        <Button variant="secondary" size="sm" onClick={onRetry}>
          {intl.formatMessage({ id: 'rooms.retry' })}
        </Button>
      </div>
    </Alert>
  );
}
