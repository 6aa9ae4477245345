import { CircleCheck } from 'lucide-react';
import { FormattedMessage } from 'react-intl';
import { Alert } from '@/components/ui/alert';
import { LinkButton } from './link-button';
import { DocumentTitle } from '@/lib/document-title';

/** The end of the reset: confirmation and the way to sign in. */
export function PasswordChanged({ signInPath }: { signInPath: string }) {
  return (
    <div className="flex flex-col gap-4">
      <DocumentTitle id="passwordReset.changed.title" />
      <h1 className="text-2xl font-semibold tracking-tight">
        <FormattedMessage id="passwordReset.changed.title" />
      </h1>
      <Alert variant="success" icon={<CircleCheck className="size-5" />}>
        <FormattedMessage id="passwordReset.changed.success" />
      </Alert>
      <p className="text-sm text-slate-600 dark:text-slate-300">
        <FormattedMessage id="passwordReset.changed.text" />
      </p>
      <LinkButton to={signInPath}>
        <FormattedMessage id="passwordReset.changed.signIn" />
      </LinkButton>
    </div>
  );
}
