import { useIntl } from 'react-intl';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { useRevokeToken } from '../api/revoke-token';
import type { AccessToken } from '../api/token-types';
import { tokenProblem } from '../utils/token-form';

/**
 * Asks before a token is revoked, naming it: tools that use it lose their access at once. A
 * failure is said inside the dialog (a toast would sit behind the modal dialog).
 */
export function RevokeDialog({
  token,
  onClose,
  onRevoked,
}: {
  token: AccessToken;
  onClose: () => void;
  onRevoked: (token: AccessToken) => void;
}) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string>) => intl.formatMessage({ id }, values);
  const revoke = useRevokeToken();
  return (
    <Dialog
      open
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title={t('integrations.revoke.title', { name: token.name })}
      description={t('integrations.revoke.text')}
      closeLabel={t('integrations.revoke.close')}
    >
      {revoke.isError && (
        <Alert variant="danger" className="mt-4">
          {t('integrations.revoke.failed')} {tokenProblem(intl, revoke.error, 'token')}
        </Alert>
      )}
      <div className="mt-5 flex flex-wrap justify-end gap-3">
        <Button variant="secondary" onClick={onClose}>
          {t('integrations.revoke.cancel')}
        </Button>
        <Button
          variant="danger"
          disabled={revoke.isPending}
          onClick={() => revoke.mutate(token, { onSuccess: () => onRevoked(token) })}
        >
          {t(revoke.isPending ? 'integrations.revoke.revoking' : 'integrations.revoke.confirm')}
        </Button>
      </div>
    </Dialog>
  );
}
