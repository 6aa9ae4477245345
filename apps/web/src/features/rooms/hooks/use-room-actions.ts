import { useEffect, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import { notify } from '@/components/ui/toast';
import { errorReason } from '@/lib/error-reason';
import { useEndTemporary } from '../api/end-temporary';
import { useMakePermanent } from '../api/set-permanent';
import { useSetTarget } from '../api/set-target';
import type { SaveState } from '../components/save-status';

const SAVED_VISIBLE_MS = 3000;

/**
 * The room page's writes: set a temporary target, end it, make it permanent. Keeps a committed
 * target on screen until the server confirms it (no jump back to the old value), shows a spinner
 * then a check, and tells the user in a toast when a write fails.
 */
export function useRoomActions(roomId: number) {
  const intl = useIntl();
  const setTarget = useSetTarget();
  const endTemporary = useEndTemporary();
  const makePermanent = useMakePermanent();
  const [pending, setPending] = useState<number | null>(null);
  const [saveState, setSaveState] = useState<SaveState>('idle');
  // Only the newest write may clear the pending value or the spinner.
  const sequence = useRef(0);

  useEffect(() => {
    if (saveState !== 'saved') return;
    const timer = window.setTimeout(() => setSaveState('idle'), SAVED_VISIBLE_MS);
    return () => window.clearTimeout(timer);
  }, [saveState]);

  // The controller's reason in the user's language where we know it, its own text otherwise.
  const fail = (messageId: string, error: unknown) => {
    const reason = errorReason(intl, error);
    void notify(
      'error',
      intl.formatMessage({ id: messageId }),
      reason ? { description: reason } : {},
    );
  };

  const run = <T>(
    mutate: (callbacks: { onSuccess: () => void; onError: (error: unknown) => void }) => T,
    messageId: string,
    optimistic: number | null,
  ) => {
    const mine = ++sequence.current;
    setPending(optimistic);
    setSaveState('saving');
    mutate({
      onSuccess: () => {
        if (mine !== sequence.current) return;
        setPending(null);
        setSaveState('saved');
      },
      onError: (error) => {
        if (mine !== sequence.current) return;
        setPending(null);
        setSaveState('idle');
        fail(messageId, error);
      },
    });
  };

  return {
    pending,
    saveState,
    commitTarget: (target: number, hours: number) =>
      run(
        (callbacks) => setTarget.mutate({ roomId, target, hours }, callbacks),
        'rooms.error.setFailed',
        target,
      ),
    endTemporary: () =>
      run((callbacks) => endTemporary.mutate(roomId, callbacks), 'rooms.error.resetFailed', null),
    makePermanent: (target: number) =>
      run(
        (callbacks) => makePermanent.mutate({ roomId, target }, callbacks),
        'rooms.error.permanentFailed',
        target,
      ),
  };
}
