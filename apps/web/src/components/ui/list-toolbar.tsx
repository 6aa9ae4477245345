import type { ReactNode } from 'react';
import { SearchInput } from './search-input';

interface Choice {
  label: string;
  value: string;
  options: readonly { value: string; label: string }[];
  onChange: (value: string) => void;
}

/**
 * A list page's toolbar (members, devices, buildings): the search field, optionally one choice
 * (a filter or a sort), and the count of what is shown, read out when it changes.
 */
export function ListToolbar({
  id,
  searchLabel,
  search,
  onSearch,
  choice,
  count,
  children,
}: {
  /** The page's useId(): the fields' ids are made from it. */
  id: string;
  searchLabel: string;
  search: string;
  onSearch: (value: string) => void;
  choice?: Choice;
  /** What is shown, e.g. "3 von 12 Geräten"; empty before the list is in. */
  count: string;
  /** The page's own action at the row's end (members: Hinzufügen). */
  children?: ReactNode;
}) {
  return (
    <div className="flex flex-wrap items-end gap-x-4 gap-y-3">
      <div className="w-full sm:w-80">
        <label htmlFor={`${id}-search`} className="mb-1 block text-sm font-medium">
          {searchLabel}
        </label>
        <SearchInput
          id={`${id}-search`}
          value={search}
          aria-describedby={`${id}-count`}
          onChange={(event) => onSearch(event.target.value)}
        />
      </div>
      {choice && (
        <div className="w-full sm:w-56">
          <label htmlFor={`${id}-choice`} className="mb-1 block text-sm font-medium">
            {choice.label}
          </label>
          <select
            id={`${id}-choice`}
            value={choice.value}
            onChange={(event) => choice.onChange(event.target.value)}
            className="h-10 w-full rounded-lg border border-slate-300 bg-white px-3 text-sm dark:border-slate-600 dark:bg-slate-800 dark:text-slate-100"
          >
            {choice.options.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
        </div>
      )}
      <p id={`${id}-count`} className="pb-2 text-sm font-medium" aria-live="polite">
        {count}
      </p>
      {children}
    </div>
  );
}
