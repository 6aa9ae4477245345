import type { ReactNode } from 'react';

/** A radio choice drawn as a tile: a picture of the option above its name. */
export function OptionTile({
  name,
  value,
  checked,
  onChange,
  label,
  preview,
}: {
  name: string;
  value: string;
  checked: boolean;
  onChange: (value: string) => void;
  label: ReactNode;
  preview: ReactNode;
}) {
  return (
    <label className="group cursor-pointer">
      <input
        type="radio"
        name={name}
        value={value}
        checked={checked}
        onChange={() => onChange(value)}
        className="peer sr-only"
      />
      <span className="block overflow-hidden rounded-xl border-2 border-slate-200 transition-colors group-hover:border-slate-300 peer-checked:border-teal-600 peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-teal-600 dark:border-white/10 dark:group-hover:border-white/20 dark:peer-checked:border-teal-400">
        {preview}
      </span>
      <span className="mt-2 flex items-center gap-2 text-sm font-medium">
        <span
          aria-hidden="true"
          className="grid size-4 place-items-center rounded-full border-2 border-slate-300 peer-checked:border-teal-600 dark:border-white/20"
        >
          {checked && <span className="size-2 rounded-full bg-teal-600 dark:bg-teal-400" />}
        </span>
        {label}
      </span>
    </label>
  );
}

/** A tiny drawing of a screen in the given colours. */
export function ScreenPreview({
  page,
  sidebar,
  bar,
  split = false,
}: {
  page: string;
  sidebar: string;
  bar: string;
  split?: boolean;
}) {
  return (
    // A picture of a theme: it keeps that theme's colours whatever the app's theme is.
    <span aria-hidden="true" data-theme-preview="" className={`flex h-20 ${page}`}>
      <span className={`flex w-1/3 flex-col gap-1.5 p-2 ${sidebar}`}>
        <span className={`h-1.5 w-3/4 rounded ${bar}`} />
        <span className={`h-1.5 w-1/2 rounded ${bar}`} />
        <span className={`h-1.5 w-2/3 rounded ${bar}`} />
      </span>
      <span className="flex flex-1 flex-col gap-1.5 p-2">
        <span className={`h-2 w-1/2 rounded ${bar}`} />
        <span
          className={`h-6 rounded ${split ? 'bg-gradient-to-r from-white to-slate-800' : bar}`}
        />
      </span>
    </span>
  );
}
