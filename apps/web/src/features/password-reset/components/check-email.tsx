import { MailCheck, MailQuestion } from 'lucide-react';
import { FormattedMessage } from 'react-intl';
import { Alert } from '@/components/ui/alert';
import { IconBadge } from '@/components/ui/icon-badge';
import { DocumentTitle } from '@/lib/document-title';

/**
 * Where the link went. `sent` is true right after the request, to confirm it; without it (the
 * static enter-email form sends nothing) the page says that no link was sent yet.
 */
export function CheckEmail({ email, sent }: { email: string; sent: boolean }) {
  if (!sent) return <NothingSent email={email} />;
  return (
    <div className="flex flex-col gap-4">
      <IconBadge icon={MailCheck} />
      <DocumentTitle id="passwordReset.checkEmail.title" />
      <h1 className="text-2xl font-semibold tracking-tight">
        <FormattedMessage id="passwordReset.checkEmail.title" />
      </h1>
      <Alert variant="success">
        <FormattedMessage id="passwordReset.checkEmail.sent" />
      </Alert>
      <p className="text-sm text-slate-700 dark:text-slate-200">
        {email ? (
          <FormattedMessage
            id="passwordReset.checkEmail.textTo"
            values={{ email: <strong className="font-semibold break-words">{email}</strong> }}
          />
        ) : (
          <FormattedMessage id="passwordReset.checkEmail.text" />
        )}
      </p>
      <p className="text-sm text-slate-600 dark:text-slate-300">
        <FormattedMessage id="passwordReset.checkEmail.hint" />
      </p>
    </div>
  );
}

function NothingSent({ email }: { email: string }) {
  return (
    <div className="flex flex-col gap-4">
      <IconBadge icon={MailQuestion} />
      <DocumentTitle id="passwordReset.checkEmail.notSentTitle" />
      <h1 className="text-2xl font-semibold tracking-tight">
        <FormattedMessage id="passwordReset.checkEmail.notSentTitle" />
      </h1>
      <p className="text-sm text-slate-700 dark:text-slate-200">
        {email ? (
          <FormattedMessage
            id="passwordReset.checkEmail.notSentTo"
            values={{ email: <strong className="font-semibold break-words">{email}</strong> }}
          />
        ) : (
          <FormattedMessage id="passwordReset.checkEmail.notSent" />
        )}
      </p>
    </div>
  );
}
