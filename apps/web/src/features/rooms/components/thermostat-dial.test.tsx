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
  // jsdom lays nothing out: the dial's box is the 240 × 240 viewBox at the page's origin, so its
  // centre is (120, 120). Pointer capture is not implemented there either.
  const svg = view.container.querySelector('svg') as SVGSVGElement;
  svg.getBoundingClientRect = () => new DOMRect(0, 0, 240, 240);
  svg.setPointerCapture = vi.fn();
  return {
    onCommit,
    svg,
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

/** Points on the ring and the value under each (see dial-math: 0° is straight down). */
const TOP = { clientX: 120, clientY: 20 }; // 180° → 20
const RIGHT = { clientX: 220, clientY: 120 }; // 270° → 24
const LEFT = { clientX: 20, clientY: 120 }; // 90° → 16

const handle = (svg: SVGSVGElement) =>
  svg.querySelector('[data-dial-handle] circle') as SVGCircleElement;
const track = (svg: SVGSVGElement) => svg.querySelectorAll('path')[1] as SVGPathElement;

describe('ThermostatDial pointer input', () => {
  it.each(['mouse', 'touch', 'pen'])(
    'a %s drag from the handle previews every move and commits once, on release, the final value',
    (pointerType) => {
      const { svg, onCommit } = renderDial();
      const pointer = { pointerId: 7, pointerType };
      fireEvent.pointerDown(handle(svg), { ...pointer, ...LEFT });
      fireEvent.pointerMove(svg, { ...pointer, ...TOP });
      expect(slider()).toHaveAttribute('aria-valuenow', '20');
      fireEvent.pointerMove(svg, { ...pointer, ...RIGHT });
      expect(slider()).toHaveAttribute('aria-valuenow', '24');
      expect(onCommit).not.toHaveBeenCalled();
      expect(svg.setPointerCapture).toHaveBeenCalledWith(7);

      fireEvent.pointerUp(svg, { ...pointer, ...RIGHT });
      expect(onCommit).toHaveBeenCalledTimes(1);
      expect(onCommit).toHaveBeenCalledWith(24);

      // After the release, moving the pointer neither previews nor commits again.
      fireEvent.pointerMove(svg, { ...pointer, ...LEFT });
      fireEvent.pointerUp(svg, { ...pointer, ...LEFT });
      expect(onCommit).toHaveBeenCalledTimes(1);
    },
  );

  it('a drag that is never released commits nothing and keeps showing the preview', () => {
    const { svg, onCommit } = renderDial();
    fireEvent.pointerDown(handle(svg), { pointerType: 'mouse', ...TOP });
    fireEvent.pointerMove(svg, { pointerType: 'mouse', ...LEFT });
    fireEvent.pointerMove(svg, { pointerType: 'mouse', ...RIGHT });
    expect(slider()).toHaveAttribute('aria-valuenow', '24');
    expect(onCommit).not.toHaveBeenCalled();
  });

  it.each(['mouse', 'touch'])(
    'a cancelled %s drag commits nothing and shows the old value again',
    (pointerType) => {
      const { svg, onCommit } = renderDial();
      fireEvent.pointerDown(handle(svg), { pointerType, ...TOP });
      fireEvent.pointerMove(svg, { pointerType, ...RIGHT });
      fireEvent.pointerCancel(svg, { pointerType });
      expect(slider()).toHaveAttribute('aria-valuenow', '21');
      fireEvent.pointerUp(svg, { pointerType, ...RIGHT });
      expect(onCommit).not.toHaveBeenCalled();
    },
  );

  it('a tap on the handle (down and up without a move) commits nothing', () => {
    const { svg, onCommit } = renderDial();
    fireEvent.pointerDown(handle(svg), { pointerType: 'mouse', ...RIGHT });
    fireEvent.pointerUp(svg, { pointerType: 'mouse', ...RIGHT });
    expect(onCommit).not.toHaveBeenCalled();
    expect(slider()).toHaveAttribute('aria-valuenow', '21');
  });

  it('a mouse click on the track jumps there and commits that value once', () => {
    const { svg, onCommit } = renderDial();
    fireEvent.pointerDown(track(svg), { pointerType: 'mouse', ...RIGHT });
    expect(slider()).toHaveAttribute('aria-valuenow', '24');
    expect(onCommit).not.toHaveBeenCalled();
    fireEvent.pointerUp(svg, { pointerType: 'mouse', ...RIGHT });
    expect(onCommit).toHaveBeenCalledTimes(1);
    expect(onCommit).toHaveBeenCalledWith(24);
  });

  it.each(['touch', 'pen'])(
    'a %s on the track, not the handle, starts no drag, so scrolling past never changes a target',
    (pointerType) => {
      const { svg, onCommit } = renderDial();
      fireEvent.pointerDown(track(svg), { pointerType, ...RIGHT });
      fireEvent.pointerMove(svg, { pointerType, ...LEFT });
      expect(slider()).toHaveAttribute('aria-valuenow', '21');
      fireEvent.pointerUp(svg, { pointerType, ...LEFT });
      expect(onCommit).not.toHaveBeenCalled();
    },
  );

  it('a read-only dial does not follow the pointer', () => {
    const { svg, onCommit } = renderDial({ readOnly: true });
    fireEvent.pointerDown(track(svg), { pointerType: 'mouse', ...RIGHT });
    fireEvent.pointerMove(svg, { pointerType: 'mouse', ...LEFT });
    fireEvent.pointerUp(svg, { pointerType: 'mouse', ...LEFT });
    expect(slider()).toHaveAttribute('aria-valuenow', '21');
    expect(onCommit).not.toHaveBeenCalled();
  });
});
