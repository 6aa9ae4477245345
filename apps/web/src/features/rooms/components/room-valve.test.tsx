import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { TestProviders } from '@/lib/testing';
import { RoomValve } from './room-valve';

describe('RoomValve', () => {
  it('says "Ventil 45 %", "Ventil –" without outputs, and nothing while unknown', () => {
    const shown = (valve: number | null | undefined) => {
      const { container, unmount } = render(
        <TestProviders>
          <RoomValve valve={valve} />
        </TestProviders>,
      );
      const text = container.textContent;
      unmount();
      return text;
    };
    expect(shown(45)).toBe('Ventil 45 %');
    expect(shown(0)).toBe('Ventil 0 %');
    expect(shown(null)).toBe('Ventil –');
    expect(shown(undefined)).toBe('');
  });
});
