import type { ReactNode } from 'react';
import { Alert } from './alert';
import { Button } from './button';
import { Spinner } from './spinner';

/**
 * A list page's body (members, devices, buildings): a spinner while the list loads, the failure
 * with its reason and a retry, the line for an empty list or no match, or else the list.
 */
export function ListBody({
  pending,
  failure,
  onRetry,
  loading,
  retry,
  empty,
  children,
}: {
  pending: boolean;
  /** What to say when loading failed ("… konnten nicht geladen werden. <reason>"); null: it did not. */
  failure: ReactNode | null;
  onRetry: () => void;
  loading: string;
  retry: string;
  /** The line when nothing is shown (none at all, or none matching); null: the list has items. */
  empty: string | null;
  children: ReactNode;
}) {
  if (pending)
    return (
      <div className="flex justify-center py-8">
        <Spinner label={loading} className="text-primary" />
      </div>
    );
  if (failure !== null)
    return (
      <Alert variant="danger" className="items-center">
        <div className="flex flex-col items-start gap-2">
          {failure}
          <Button variant="secondary" size="sm" onClick={onRetry}>
            {retry}
          </Button>
        </div>
      </Alert>
    );
  if (empty !== null) return <p className="text-slate-600 dark:text-slate-300">{empty}</p>;
  return children;
}
