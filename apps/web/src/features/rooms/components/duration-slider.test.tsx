import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { TestProviders } from '@/lib/testing';
import { DurationSlider } from './duration-slider';

/** The numbers are written out on purpose: the spec's 1–12 h, not the module's constants. */
function Harness({ start }: { start: number }) {
  const [hours, setHours] = useState(start);
  return (
    <>
      <DurationSlider hours={hours} onChange={setHours} />
      <p data-testid="chosen">{hours}</p>
    </>
  );
}

function renderSlider(start = 1) {
  render(
    <TestProviders>
      <Harness start={start} />
    </TestProviders>,
  );
  return screen.getByRole('slider', { name: 'Dauer' });
}

describe('DurationSlider', () => {
  it('offers whole hours from 1 to 12 and says the chosen one', () => {
    const slider = renderSlider(3);
    expect(slider).toHaveAttribute('min', '1');
    expect(slider).toHaveAttribute('max', '12');
    expect(slider).toHaveAttribute('step', '1');
    expect(slider).toHaveValue('3');
    expect(slider).toHaveAttribute('aria-valuetext', '3 Stunden');
    expect(screen.getByRole('status')).toHaveTextContent('3 Stunden');
  });

  it('moves in whole hours and reports the hours chosen', () => {
    const slider = renderSlider();
    expect(screen.getByRole('status')).toHaveTextContent('1 Stunde');
    fireEvent.change(slider, { target: { value: '7' } });
    expect(screen.getByTestId('chosen')).toHaveTextContent('7');
    expect(screen.getByRole('status')).toHaveTextContent('7 Stunden');
  });

  it('goes no further than 12 h and no lower than 1 h', () => {
    const slider = renderSlider(6);
    fireEvent.change(slider, { target: { value: '24' } });
    expect(screen.getByTestId('chosen')).toHaveTextContent('12');
    expect(slider).toHaveAttribute('aria-valuetext', '12 Stunden');
    fireEvent.change(slider, { target: { value: '0' } });
    expect(screen.getByTestId('chosen')).toHaveTextContent('1');
    expect(slider).toHaveAttribute('aria-valuetext', '1 Stunde');
  });
});
