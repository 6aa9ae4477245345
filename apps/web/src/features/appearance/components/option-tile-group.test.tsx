import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { OptionTileGroup, type TileOption } from './option-tile-group';

type Fruit = 'apple' | 'pear' | 'plum';
const OPTIONS: TileOption<Fruit>[] = [
  { value: 'apple', label: 'Apfel', preview: <span aria-hidden="true">apple picture</span> },
  { value: 'pear', label: 'Birne', preview: <span aria-hidden="true">pear picture</span> },
  { value: 'plum', label: 'Pflaume', preview: <span aria-hidden="true">plum picture</span> },
];

function Harness({
  initial = 'pear',
  onChange,
}: {
  initial?: Fruit;
  onChange?: (v: Fruit) => void;
}) {
  const [value, setValue] = useState<Fruit>(initial);
  return (
    <>
      <h2 id="fruit">Obst</h2>
      <OptionTileGroup
        labelledBy="fruit"
        options={OPTIONS}
        value={value}
        onChange={(next) => {
          setValue(next);
          onChange?.(next);
        }}
        className="grid-cols-3"
      />
    </>
  );
}

describe('OptionTileGroup', () => {
  it('is a radio group named by its heading, with the current value checked', () => {
    render(<Harness />);
    const group = screen.getByRole('radiogroup', { name: 'Obst' });
    expect(group).toHaveClass('grid', 'grid-cols-3');
    expect(screen.getAllByRole('radio').map((radio) => radio.getAttribute('value'))).toEqual([
      'apple',
      'pear',
      'plum',
    ]);
    expect(screen.getByRole('radio', { name: 'Birne' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'Apfel' })).not.toBeChecked();
  });

  it('calls back with the chosen value when a tile is clicked', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<Harness onChange={onChange} />);
    await user.click(screen.getByText('plum picture'));
    expect(onChange).toHaveBeenCalledExactlyOnceWith('plum');
    expect(screen.getByRole('radio', { name: 'Pflaume' })).toBeChecked();
  });

  it('moves the choice with the arrow keys, as one radio group', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<Harness onChange={onChange} />);
    const radios = screen.getAllByRole('radio');
    expect(new Set(radios.map((radio) => radio.getAttribute('name'))).size).toBe(1);
    await user.tab();
    expect(screen.getByRole('radio', { name: 'Birne' })).toHaveFocus();
    await user.keyboard('{ArrowRight}');
    expect(onChange).toHaveBeenLastCalledWith('plum');
    expect(screen.getByRole('radio', { name: 'Pflaume' })).toBeChecked();
  });

  it('gives two groups on one page different radio names', () => {
    render(
      <>
        <Harness />
        <Harness initial="apple" />
      </>,
    );
    const names = new Set(screen.getAllByRole('radio').map((radio) => radio.getAttribute('name')));
    expect(names.size).toBe(2);
    expect(screen.getAllByRole('radio', { checked: true })).toHaveLength(2);
  });
});
