import type { Permissions } from '@raumregler/contract';
import { Check, Languages, LogOut, Moon } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { DropdownMenu } from 'radix-ui';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router';
import { Badge } from '@/components/ui/badge';
import { cn } from '@/components/ui/cn';
import { LANGUAGES, useLocale, type Locale } from '@/lib/i18n';
import { useSettings } from '@/lib/settings-provider';
import { mayOpen, SCREEN_ENTRIES, soonEntries } from './user-menu-entries';
import { UserMenuButtonContent, userMenuButtonClass } from './user-menu-button';
import { deviceToday } from '@/lib/device-today';
import { useMqttStatus } from '@/lib/mqtt-status';
import { useManyBuildings } from '@/lib/buildings';

const entry =
  'flex min-h-9 cursor-default items-center gap-2.5 rounded-md px-2.5 py-1.5 text-sm outline-none select-none data-[disabled]:cursor-not-allowed data-[disabled]:text-slate-400 data-[highlighted]:bg-slate-100 dark:data-[highlighted]:bg-white/5 dark:data-[disabled]:text-slate-500';
const panel =
  'z-50 min-w-60 overflow-y-auto rounded-xl border border-slate-200 bg-white p-1.5 text-slate-800 shadow-lg dark:border-white/10 dark:bg-slate-900 dark:text-slate-100';

/**
 * The account menu: the spec's entries (those without a screen disabled, with "Soon"), a Dark
 * Mode switch and the language choice that work in place, and Logout. Loaded after the first
 * paint by user-menu.tsx, which shows the same button until then; `defaultOpen` and
 * `focusButton` carry over a click or the focus that button had.
 */
export default function UserMenuDropdown({
  username,
  buildingName,
  onLogout,
  defaultOpen,
  focusButton,
  permissions,
}: {
  username: string;
  buildingName: string;
  onLogout: () => void;
  defaultOpen: boolean;
  focusButton: boolean;
  permissions?: Permissions | null;
}) {
  const intl = useIntl();
  const trigger = useRef<HTMLButtonElement>(null);
  const [open, setOpen] = useState(false);
  // Only when this replaces the stand-in button: focus stays where the person left it, and a
  // click on the stand-in opens the menu now, as if made on this button.
  const [onMount] = useState({ focus: focusButton || defaultOpen, open: defaultOpen });
  useEffect(() => {
    if (onMount.focus) trigger.current?.focus();
    if (!onMount.open) return;
    const frame = requestAnimationFrame(() => setOpen(true));
    return () => cancelAnimationFrame(frame);
  }, [onMount]);
  const { locale, setLocale } = useLocale();
  const { theme, updateSettings } = useSettings();
  const today = deviceToday();
  // Geräte where this building has zigbee2mqtt (a base topic), not where MQTT is on for Home
  // Assistant only.
  const status = useMqttStatus(true);
  const mqtt = status?.enabled === true && status.zigbee2mqtt !== null;
  const manyBuildings = useManyBuildings(true);
  const screens = SCREEN_ENTRIES.filter((screen) =>
    mayOpen(screen, permissions, today, mqtt, manyBuildings),
  );
  return (
    // Not modal: hiding the page from assistive tech while it stays focusable is an axe error.
    <DropdownMenu.Root modal={false} open={open} onOpenChange={setOpen}>
      <DropdownMenu.Trigger
        ref={trigger}
        className={userMenuButtonClass}
        aria-label={intl.formatMessage({ id: 'layout.user.open' }, { name: username })}
      >
        <UserMenuButtonContent username={username} />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={8}
          collisionPadding={8}
          className={cn(panel, 'max-h-[var(--radix-dropdown-menu-content-available-height)]')}
          // On a short screen the menu scrolls (more entries for managers): a scrolling region
          // must be reachable by keyboard (axe scrollable-region-focusable); the arrow keys
          // still move between the entries.
          tabIndex={0}
        >
          <DropdownMenu.Label className="px-2.5 py-2">
            <span className="block text-sm font-semibold">{username}</span>
            <span className="block text-xs text-slate-500 dark:text-slate-400">{buildingName}</span>
          </DropdownMenu.Label>
          <DropdownMenu.Separator className="my-1 h-px bg-slate-200 dark:bg-white/10" />
          {screens.map(({ id, icon: Icon, to }) => (
            <DropdownMenu.Item key={id} asChild className={entry}>
              <Link to={to}>
                <Icon className="size-4 shrink-0" aria-hidden="true" />
                <span className="flex-1">
                  <FormattedMessage id={id} />
                </span>
              </Link>
            </DropdownMenu.Item>
          ))}
          {screens.length > 0 && (
            <DropdownMenu.Separator className="my-1 h-px bg-slate-200 dark:bg-white/10" />
          )}
          {soonEntries(permissions, today).map(({ id, icon: Icon }) => (
            <DropdownMenu.Item key={id} disabled className={entry}>
              <Icon className="size-4 shrink-0" aria-hidden="true" />
              <span className="flex-1">
                <FormattedMessage id={id} />
              </span>
              <Badge>
                <FormattedMessage id="common.soon" />
              </Badge>
            </DropdownMenu.Item>
          ))}
          <DropdownMenu.Separator className="my-1 h-px bg-slate-200 dark:bg-white/10" />
          <DropdownMenu.CheckboxItem
            className={entry}
            checked={theme === 'dark'}
            onCheckedChange={(checked) => updateSettings({ themeMode: checked ? 'dark' : 'light' })}
            // Keep the menu open: the switch works in place, like a setting, not a command.
            onSelect={(event) => event.preventDefault()}
          >
            <Moon className="size-4 shrink-0" aria-hidden="true" />
            <span className="flex-1">
              <FormattedMessage id="layout.user.darkMode" />
            </span>
            <span
              aria-hidden="true"
              className={cn(
                'relative h-5 w-9 rounded-full transition-colors',
                theme === 'dark' ? 'bg-teal-600' : 'bg-slate-300',
              )}
            >
              <span
                className={cn(
                  'absolute top-0.5 size-4 rounded-full bg-white shadow transition-[left]',
                  theme === 'dark' ? 'left-[18px]' : 'left-0.5',
                )}
              />
            </span>
          </DropdownMenu.CheckboxItem>
          <DropdownMenu.Sub>
            <DropdownMenu.SubTrigger className={entry}>
              <Languages className="size-4 shrink-0" aria-hidden="true" />
              <span className="flex-1">
                <FormattedMessage id="layout.user.language" />
              </span>
              <span className="text-xs font-medium text-slate-500 uppercase dark:text-slate-400">
                {locale}
              </span>
            </DropdownMenu.SubTrigger>
            <DropdownMenu.Portal>
              <DropdownMenu.SubContent sideOffset={6} collisionPadding={8} className={panel}>
                <DropdownMenu.RadioGroup
                  value={locale}
                  onValueChange={(value) => setLocale(value as Locale)}
                >
                  {LANGUAGES.map((language) => (
                    <DropdownMenu.RadioItem
                      key={language.code}
                      value={language.code}
                      lang={language.code}
                      className={entry}
                    >
                      <img
                        src={language.flag}
                        alt=""
                        className="h-3.5 w-5 rounded-[2px] object-cover shadow-sm"
                      />
                      <span className="flex-1">{language.label}</span>
                      <DropdownMenu.ItemIndicator>
                        <Check className="size-4 text-teal-700 dark:text-teal-400" />
                      </DropdownMenu.ItemIndicator>
                    </DropdownMenu.RadioItem>
                  ))}
                </DropdownMenu.RadioGroup>
              </DropdownMenu.SubContent>
            </DropdownMenu.Portal>
          </DropdownMenu.Sub>
          <DropdownMenu.Separator className="my-1 h-px bg-slate-200 dark:bg-white/10" />
          <DropdownMenu.Item className={entry} onSelect={onLogout}>
            <LogOut className="size-4 shrink-0" aria-hidden="true" />
            <FormattedMessage id="layout.user.logout" />
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
