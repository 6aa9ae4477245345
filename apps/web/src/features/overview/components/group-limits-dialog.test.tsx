import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { IntlProvider } from 'react-intl';
import { describe, expect, it, vi } from 'vitest';
import { catalogs } from '@/lib/testing-catalogs';
import GroupLimitsDialog from './group-limits-dialog';
import { groupWrites } from '../utils/group';
import type { OverviewRow } from '../utils/rows';

function renderDialog() {
  const onConfirm = vi.fn();
  const onCancel = vi.fn();
  render(
    <IntlProvider locale="de" messages={catalogs.de}>
      <GroupLimitsDialog count={1000} onCancel={onCancel} onConfirm={onConfirm} />
    </IntlProvider>,
  );
  return { onConfirm, onCancel };
}

describe('GroupLimitsDialog ("Grenzen…", issue 34)', () => {
  it('names the rooms and confirms min and max', async () => {
    const { onConfirm } = renderDialog();
    expect(screen.getByRole('dialog', { name: 'Grenzen für 1.000 Räume' })).toBeInTheDocument();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Min. (°C)'), '16');
    await user.type(screen.getByLabelText('Max. (°C)'), '23{Enter}');
    expect(onConfirm).toHaveBeenCalledWith({ kind: 'limits', limits: { min: 16, max: 23 } });
  });

  it('removes the limits with its own button, and refuses a bad value without confirming', async () => {
    const { onConfirm } = renderDialog();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Min. (°C)'), '31');
    await user.type(screen.getByLabelText('Max. (°C)'), '32');
    await user.click(screen.getByRole('button', { name: 'Grenzen setzen' }));
    expect(screen.getByLabelText('Min. (°C)')).toHaveAccessibleDescription(
      'Erlaubt sind 5 bis 30 °C.',
    );
    expect(onConfirm).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Grenzen entfernen' }));
    expect(onConfirm).toHaveBeenCalledWith({ kind: 'limits', limits: null });
  });

  it('becomes one write per room with the same limits', () => {
    const rows = [{ id: 1 }, { id: 2 }] as OverviewRow[];
    expect(groupWrites({ kind: 'limits', limits: { min: 16, max: 23 } }, rows, new Date())).toEqual(
      [
        { roomId: 1, kind: 'limits', limits: { min: 16, max: 23 } },
        { roomId: 2, kind: 'limits', limits: { min: 16, max: 23 } },
      ],
    );
  });
});
