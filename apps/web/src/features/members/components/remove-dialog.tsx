import { useIntl } from 'react-intl';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { useRemoveMember } from '../api/remove-member';
import type { Member } from '../api/member-types';
import { isConflict, writeProblem } from '../utils/errors';

/** Asks before a member is removed; the answer (a 409 too) is said inside the dialog. */
export function RemoveDialog({
  member,
  onClose,
  onRemoved,
}: {
  member: Member;
  onClose: () => void;
  onRemoved: (member: Member) => void;
}) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string>) => intl.formatMessage({ id }, values);
  const remove = useRemoveMember();
  return (
    <Dialog
      open
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title={t('members.remove.title', { username: member.username })}
      description={t('members.remove.text', { username: member.username })}
      closeLabel={t('members.dialog.close')}
    >
      {remove.isError && (
        <Alert variant="danger" className="mt-4">
          {isConflict(remove.error) ? `${t('members.remove.conflict')} ` : ''}
          {writeProblem(intl, remove.error)}
        </Alert>
      )}
      <div className="mt-5 flex flex-wrap justify-end gap-3">
        <Button variant="secondary" onClick={onClose}>
          {t('members.form.cancel')}
        </Button>
        <Button
          variant="danger"
          disabled={remove.isPending}
          onClick={() => remove.mutate(member.username, { onSuccess: () => onRemoved(member) })}
        >
          {t(remove.isPending ? 'members.remove.removing' : 'members.remove.confirm')}
        </Button>
      </div>
    </Dialog>
  );
}
