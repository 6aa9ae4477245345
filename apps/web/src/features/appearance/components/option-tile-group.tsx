import { useId, type ReactNode } from 'react';
import { cn } from '@/components/ui/cn';
import { OptionTile } from './option-tile';

export interface TileOption<T extends string> {
  value: T;
  label: ReactNode;
  preview: ReactNode;
}

/**
 * One setting chosen from a few tiles: a radio group named by the element `labelledBy` points
 * at (the section heading). The tiles are native radios sharing one name, so the arrow keys
 * move the choice as in any radio group. `className` sets columns and width.
 */
export function OptionTileGroup<T extends string>({
  labelledBy,
  options,
  value,
  onChange,
  className,
}: {
  labelledBy: string;
  options: readonly TileOption<T>[];
  value: T;
  onChange: (value: T) => void;
  className: string;
}) {
  const name = useId();
  return (
    <div
      role="radiogroup"
      aria-labelledby={labelledBy}
      className={cn('grid gap-3 sm:gap-4', className)}
    >
      {options.map((option) => (
        <OptionTile
          key={option.value}
          name={name}
          value={option.value}
          checked={value === option.value}
          onChange={() => onChange(option.value)}
          label={option.label}
          preview={option.preview}
        />
      ))}
    </div>
  );
}
