import type { Permissions } from '@raumregler/contract';
import { memo, useEffect, useState, type ComponentType } from 'react';
import { useIntl } from 'react-intl';
import { afterPaint } from '@/lib/after-paint';
import { UserMenuButtonContent, userMenuButtonClass } from './user-menu-button';

type Dropdown = ComponentType<{
  username: string;
  buildingName: string;
  onLogout: () => void;
  defaultOpen: boolean;
  focusButton: boolean;
  permissions?: Permissions | null;
}>;

/**
 * The account menu's code (Radix dropdown with floating-ui, about 33 KB gzip) is not needed to
 * draw the page: it loads once the first view is complete (lib/after-paint.ts: not sharing the
 * line with what the page still needs to draw, nor counted towards its LCP), and until it is
 * here the same button stands in. A press on it in that moment opens the menu as soon as it
 * can; focus carries over. A failed load (the controller gone) leaves the stand-in and is tried
 * again on the next press, never an error screen.
 */
let loaded: Dropdown | null = null;
let loading: Promise<Dropdown | null> | null = null;
function loadDropdown(): Promise<Dropdown | null> {
  loading ??= import('./user-menu-dropdown').then(
    (module) => (loaded = module.default),
    () => {
      loading = null;
      return null;
    },
  );
  return loading;
}

function UserMenuView(props: {
  username: string;
  buildingName: string;
  onLogout: () => void;
  /** Decides which screen entries the menu offers (the audit log for manage users). */
  permissions?: Permissions | null;
}) {
  const intl = useIntl();
  const [DropdownMenu, setDropdownMenu] = useState<Dropdown | null>(() => loaded);
  const [openOnLoad, setOpenOnLoad] = useState(false);
  const [focused, setFocused] = useState(false);

  const load = () => {
    void loadDropdown().then((component) => {
      if (component) setDropdownMenu(() => component);
    });
  };
  useEffect(() => afterPaint(load, 'first-view'), []);

  if (DropdownMenu)
    return <DropdownMenu {...props} defaultOpen={openOnLoad} focusButton={focused} />;
  const press = () => {
    setOpenOnLoad(true);
    load();
  };
  return (
    <button
      type="button"
      className={userMenuButtonClass}
      aria-label={intl.formatMessage({ id: 'layout.user.open' }, { name: props.username })}
      aria-haspopup="menu"
      aria-expanded={false}
      // Like the real button, it acts on pointerdown: the real one may take its place between
      // the press and the release, and the click would never come.
      onPointerDown={(event) => {
        if (event.button === 0) press();
      }}
      onClick={press}
      onFocus={() => setFocused(true)}
      onBlur={() => setFocused(false)}
    >
      <UserMenuButtonContent username={props.username} />
    </button>
  );
}

/** Memoized: the frame re-renders with every temps answer; the account menu depends on none of it. */
export const UserMenu = memo(UserMenuView);
