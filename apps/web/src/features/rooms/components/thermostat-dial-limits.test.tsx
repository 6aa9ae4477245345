import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ARC_END, ARC_START, pointAt } from '../utils/dial-math';
import { ThermostatDial, type ThermostatDialProps } from './thermostat-dial';

const format = (value: number) => `${value.toFixed(1).replace('.', ',')} °C`;

function renderDial(props: Partial<ThermostatDialProps> = {}) {
  const onCommit = vi.fn();
  const view = render(
    <ThermostatDial
      value={21}
      current={null}
      label="Zieltemperatur Büro"
      readOnly={false}
      formatValue={format}
      caption="Ziel"
      onCommit={onCommit}
      {...props}
    />,
  );
  const svg = view.container.querySelector('svg') as SVGSVGElement;
  svg.getBoundingClientRect = () => new DOMRect(0, 0, 240, 240);
  svg.setPointerCapture = vi.fn();
  return { onCommit, svg, container: view.container };
}

const slider = () => screen.getByRole('slider', { name: 'Zieltemperatur Büro' });
const knob = (svg: SVGSVGElement) => {
  const circle = svg.querySelectorAll('[data-dial-handle] circle')[1] as SVGCircleElement;
  return { x: Number(circle.getAttribute('cx')), y: Number(circle.getAttribute('cy')) };
};
const bigNumber = (container: HTMLElement) =>
  container.querySelector('.tabular-nums.font-semibold')?.textContent;

describe('ThermostatDial: the real target (issue 34)', () => {
  it('shows an 8 °C frost-protection target as 8,0 °C, with the handle at the start of the arc', () => {
    const { svg, container } = renderDial({ value: 8 });
    expect(bigNumber(container)).toBe('8,0 °C');
    expect(slider()).toHaveAttribute('aria-valuetext', '8,0 °C');
    expect(slider()).toHaveAttribute('aria-valuenow', '14');
    const start = pointAt(ARC_START, 100, 120, 120);
    expect(knob(svg).x).toBeCloseTo(start.x);
    expect(knob(svg).y).toBeCloseTo(start.y);
  });

  it('shows 30 °C set by a tool as 30,0 °C, with the handle at the end of the arc', () => {
    const { svg, container } = renderDial({ value: 30 });
    expect(bigNumber(container)).toBe('30,0 °C');
    const end = pointAt(ARC_END, 100, 120, 120);
    expect(knob(svg).x).toBeCloseTo(end.x);
    expect(knob(svg).y).toBeCloseTo(end.y);
  });

  it('from a target beyond the range, the first key step lands inside it', () => {
    const { onCommit } = renderDial({ value: 8 });
    fireEvent.keyDown(slider(), { key: 'ArrowUp' });
    fireEvent.keyUp(slider(), { key: 'ArrowUp' });
    expect(onCommit).toHaveBeenCalledWith(14);
  });
});

describe('ThermostatDial: room limits (issue 34)', () => {
  const limits = { min: 16, max: 23 };

  it('for a bound user spans the limits and cannot pass them with keys', () => {
    const { onCommit } = renderDial({ value: 22.5, range: limits });
    expect(slider()).toHaveAttribute('aria-valuemin', '16');
    expect(slider()).toHaveAttribute('aria-valuemax', '23');
    fireEvent.keyDown(slider(), { key: 'ArrowUp' });
    fireEvent.keyDown(slider(), { key: 'ArrowUp', repeat: true });
    fireEvent.keyDown(slider(), { key: 'PageUp', repeat: true });
    expect(slider()).toHaveAttribute('aria-valuenow', '23');
    fireEvent.keyUp(slider(), { key: 'PageUp' });
    expect(onCommit).toHaveBeenCalledWith(23);
    fireEvent.keyDown(slider(), { key: 'Home' });
    fireEvent.keyUp(slider(), { key: 'Home' });
    expect(onCommit).toHaveBeenLastCalledWith(16);
  });

  it('for a bound user a drag to the far end stops at the max', () => {
    const { svg, onCommit } = renderDial({ value: 20, range: limits });
    const track = svg.querySelectorAll('path')[1] as SVGPathElement;
    // Just right of the gap at the bottom: the arc's highest value.
    fireEvent.pointerDown(track, { pointerType: 'mouse', clientX: 125, clientY: 220 });
    fireEvent.pointerUp(svg, { pointerType: 'mouse', clientX: 125, clientY: 220 });
    expect(onCommit).toHaveBeenCalledWith(23);
    const top = { clientX: 120, clientY: 20 };
    fireEvent.pointerDown(track, { pointerType: 'mouse', ...top });
    fireEvent.pointerUp(svg, { pointerType: 'mouse', ...top });
    expect(onCommit).toHaveBeenLastCalledWith(19.5);
  });

  it('for others keeps 14–26 and marks the limits on the arc', () => {
    const { svg } = renderDial({ marks: limits });
    expect(slider()).toHaveAttribute('aria-valuemin', '14');
    expect(slider()).toHaveAttribute('aria-valuemax', '26');
    const marks = [...svg.querySelectorAll('[data-dial-limit]')].map((mark) =>
      mark.getAttribute('data-dial-limit'),
    );
    expect(marks).toEqual(['16', '23']);
  });

  it('draws no marks for a room without limits', () => {
    const { svg } = renderDial({ marks: null });
    expect(svg.querySelectorAll('[data-dial-limit]')).toHaveLength(0);
  });
});
