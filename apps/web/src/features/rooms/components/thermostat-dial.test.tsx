import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ThermostatDial, type ThermostatDialProps } from './thermostat-dial';

const format = (value: number) => `${value.toFixed(1).replace('.', ',')} °C`;

function renderDial(props: Partial<ThermostatDialProps> = {}) {
  const onCommit = vi.fn();
  const base: ThermostatDialProps = {
    value: 21,
    current: 20.5,
    label: 'Zieltemperatur Küche',
    readOnly: false,
    formatValue: format,
    caption: 'Ziel',
    onCommit,
    ...props,
  };
  const view = render(<ThermostatDial {...base} />);
  return {
    onCommit,
    rerender: (next: Partial<ThermostatDialProps>) =>
      view.rerender(<ThermostatDial {...base} {...next} />),
  };
}

const slider = () => screen.getByRole('slider', { name: 'Zieltemperatur Küche' });

describe('ThermostatDial', () => {
  it('is a labelled slider from 14 to 26 that speaks the value', () => {
    renderDial();
    expect(slider()).toHaveAttribute('aria-valuemin', '14');
    expect(slider()).toHaveAttribute('aria-valuemax', '26');
    expect(slider()).toHaveAttribute('aria-valuenow', '21');
    expect(slider()).toHaveAttribute('aria-valuetext', '21,0 °C');
  });

  it('shows a target below the range at 14', () => {
    renderDial({ value: 5 });
    expect(slider()).toHaveAttribute('aria-valuenow', '14');
  });

  it('previews while a key is held and commits once when it comes up', () => {
    const { onCommit } = renderDial();
    fireEvent.keyDown(slider(), { key: 'ArrowUp' });
    fireEvent.keyDown(slider(), { key: 'ArrowUp', repeat: true });
    expect(slider()).toHaveAttribute('aria-valuenow', '22');
    expect(onCommit).not.toHaveBeenCalled();
    fireEvent.keyUp(slider(), { key: 'ArrowUp' });
    expect(onCommit).toHaveBeenCalledTimes(1);
    expect(onCommit).toHaveBeenCalledWith(22);
  });

  it('does not let incoming data move the value while the user is choosing', () => {
    const { rerender, onCommit } = renderDial();
    fireEvent.keyDown(slider(), { key: 'PageDown' });
    rerender({ value: 23 });
    expect(slider()).toHaveAttribute('aria-valuenow', '20');
    fireEvent.keyUp(slider(), { key: 'PageDown' });
    expect(onCommit).toHaveBeenCalledWith(20);
  });

  it('commits nothing when the value did not change, and nothing at all when read-only', () => {
    const first = renderDial({ value: 26 });
    fireEvent.keyDown(slider(), { key: 'End' });
    fireEvent.keyUp(slider(), { key: 'End' });
    expect(first.onCommit).not.toHaveBeenCalled();
    first.rerender({ readOnly: true, value: 21 });
    fireEvent.keyDown(slider(), { key: 'ArrowUp' });
    fireEvent.keyUp(slider(), { key: 'ArrowUp' });
    expect(slider()).toHaveAttribute('aria-readonly', 'true');
    expect(slider()).toHaveAttribute('aria-valuenow', '21');
    expect(first.onCommit).not.toHaveBeenCalled();
  });
});
