import { FormattedMessage, useIntl } from 'react-intl';
import { Button } from '@/components/ui/button';
import { DocumentTitle } from '@/lib/document-title';

// Both static by the spec: the phone is masked, the resend timer does not run.
const MASKED_PHONE = '+49 ••• ••••• 7859';
const RESEND_IN = '37s';

/** Six single-character boxes for a verification code; a static screen without behaviour. */
export function TwoFactorForm() {
  const intl = useIntl();
  return (
    <form className="flex flex-col gap-5" noValidate onSubmit={(event) => event.preventDefault()}>
      <div>
        <DocumentTitle id="authLayout.twoFactor.title" />
        <h1 className="text-2xl font-semibold tracking-tight">
          <FormattedMessage id="authLayout.twoFactor.title" />
        </h1>
        <p className="mt-2 text-sm text-slate-600 dark:text-slate-300">
          <FormattedMessage
            id="authLayout.twoFactor.text"
            values={{
              phone: <span className="font-medium whitespace-nowrap">{MASKED_PHONE}</span>,
            }}
          />
        </p>
      </div>
      <fieldset>
        <legend className="mb-2 text-sm font-medium">
          <FormattedMessage id="authLayout.twoFactor.code" />
        </legend>
        <div className="flex justify-between gap-2">
          {Array.from({ length: 6 }, (_, index) => (
            <input
              key={index}
              type="text"
              inputMode="numeric"
              maxLength={1}
              autoComplete={index === 0 ? 'one-time-code' : 'off'}
              aria-label={intl.formatMessage(
                { id: 'authLayout.twoFactor.digit' },
                { index: index + 1 },
              )}
              className="focus-visible:border-primary focus-visible:outline-primary/40 h-12 w-full min-w-0 rounded-lg border border-slate-300 bg-white text-center text-xl font-semibold text-slate-900 focus-visible:outline-2 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100"
            />
          ))}
        </div>
      </fieldset>
      <Button type="submit" size="lg">
        <FormattedMessage id="authLayout.twoFactor.submit" />
      </Button>
      <p className="text-center text-sm text-slate-600 dark:text-slate-300">
        <FormattedMessage id="authLayout.twoFactor.resend" values={{ seconds: RESEND_IN }} />
      </p>
    </form>
  );
}
