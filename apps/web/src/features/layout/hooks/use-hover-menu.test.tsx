import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DROPDOWN_TIMEOUT_MS, useHoverMenu } from './use-hover-menu';

function Dropdown() {
  const { open, toggle, hoverProps } = useHoverMenu();
  return (
    <div data-testid="menu" {...hoverProps}>
      <button onClick={toggle}>Bereich</button>
      {open && <a href="#x">Panel</a>}
    </div>
  );
}

afterEach(() => vi.useRealTimers());

describe('useHoverMenu', () => {
  it('opens on mouse hover and closes 150 ms after the mouse leaves', () => {
    vi.useFakeTimers();
    render(<Dropdown />);
    const menu = screen.getByTestId('menu');
    fireEvent.pointerEnter(menu, { pointerType: 'mouse' });
    expect(screen.getByText('Panel')).toBeInTheDocument();
    fireEvent.pointerLeave(menu, { pointerType: 'mouse' });
    act(() => vi.advanceTimersByTime(DROPDOWN_TIMEOUT_MS - 10));
    expect(screen.getByText('Panel')).toBeInTheDocument();
    // Coming back in time keeps it open.
    fireEvent.pointerEnter(menu, { pointerType: 'mouse' });
    act(() => vi.advanceTimersByTime(DROPDOWN_TIMEOUT_MS * 2));
    expect(screen.getByText('Panel')).toBeInTheDocument();
    fireEvent.pointerLeave(menu, { pointerType: 'mouse' });
    act(() => vi.advanceTimersByTime(DROPDOWN_TIMEOUT_MS));
    expect(screen.queryByText('Panel')).not.toBeInTheDocument();
  });

  it('a tap opens it (touch "enter" is ignored), Escape closes it', () => {
    render(<Dropdown />);
    const menu = screen.getByTestId('menu');
    fireEvent.pointerEnter(menu, { pointerType: 'touch' });
    expect(screen.queryByText('Panel')).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Bereich' }));
    expect(screen.getByText('Panel')).toBeInTheDocument();
    fireEvent.keyDown(menu, { key: 'Escape' });
    expect(screen.queryByText('Panel')).not.toBeInTheDocument();
  });

  it('a click after the mouse opened it by hovering keeps it open; the next click closes it', () => {
    render(<Dropdown />);
    const menu = screen.getByTestId('menu');
    const button = screen.getByRole('button', { name: 'Bereich' });
    fireEvent.pointerEnter(menu, { pointerType: 'mouse' });
    expect(screen.getByText('Panel')).toBeInTheDocument();
    fireEvent.click(button);
    expect(screen.getByText('Panel')).toBeInTheDocument();
    fireEvent.click(button);
    expect(screen.queryByText('Panel')).not.toBeInTheDocument();
    // Opened by a click alone, a second click closes it too.
    fireEvent.click(button);
    expect(screen.getByText('Panel')).toBeInTheDocument();
    fireEvent.click(button);
    expect(screen.queryByText('Panel')).not.toBeInTheDocument();
  });
});
