import { lazy, Suspense, useState } from 'react';
import { useIntl } from 'react-intl';
import { UserMenuButtonContent, userMenuButtonClass } from './user-menu-button';

/**
 * The account menu's code (Radix dropdown with floating-ui, about 25 KB gzip) is not needed to
 * draw the page: it loads as the frame first renders, and until it is here the same button
 * stands in. A click on it in that moment opens the menu as soon as it can; focus carries over.
 */
const UserMenuDropdown = lazy(() => import('./user-menu-dropdown'));

export function UserMenu(props: { username: string; buildingName: string; onLogout: () => void }) {
  const intl = useIntl();
  const [openOnLoad, setOpenOnLoad] = useState(false);
  const [focused, setFocused] = useState(false);
  const standIn = (
    <button
      type="button"
      className={userMenuButtonClass}
      aria-label={intl.formatMessage({ id: 'layout.user.open' }, { name: props.username })}
      aria-haspopup="menu"
      aria-expanded={false}
      // Like the real button, it acts on pointerdown: the real one may take its place between
      // the press and the release, and the click would never come.
      onPointerDown={(event) => {
        if (event.button === 0) setOpenOnLoad(true);
      }}
      onClick={() => setOpenOnLoad(true)}
      onFocus={() => setFocused(true)}
      onBlur={() => setFocused(false)}
    >
      <UserMenuButtonContent username={props.username} />
    </button>
  );
  return (
    <Suspense fallback={standIn}>
      <UserMenuDropdown {...props} defaultOpen={openOnLoad} focusButton={focused} />
    </Suspense>
  );
}
