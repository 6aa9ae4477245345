import type { Permissions } from '@raumregler/contract';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { SettingsProvider } from '@/lib/settings-provider';
import { TestProviders, testQueryClient } from '@/lib/testing';
import type { QueryClient } from '@tanstack/react-query';
import { mqttStatusQueryOptions } from '@/lib/mqtt-status';
import { buildingsQueryOptions } from '@/lib/buildings';
import { MemoryRouter, Route, Routes } from 'react-router';
import { UserMenu } from './user-menu';

function renderMenu(permissions?: Permissions, client?: QueryClient) {
  const onLogout = vi.fn();
  render(
    <TestProviders client={client}>
      <SettingsProvider>
        <MemoryRouter initialEntries={['/']}>
          <Routes>
            <Route
              path="/"
              element={
                <UserMenu
                  username="demo"
                  buildingName="Musterhaus"
                  onLogout={onLogout}
                  permissions={permissions}
                />
              }
            />
            <Route path="/audit" element={<h1>Protokollseite</h1>} />
            <Route path="/account" element={<h1>Kontoseite</h1>} />
            <Route path="/members" element={<h1>Mitgliederseite</h1>} />
            <Route path="/integrations" element={<h1>Integrationsseite</h1>} />
            <Route path="/devices" element={<h1>Geräteseite</h1>} />
            <Route path="/buildings" element={<h1>Gebäudeseite</h1>} />
          </Routes>
        </MemoryRouter>
      </SettingsProvider>
    </TestProviders>,
  );
  return onLogout;
}

describe('UserMenu', () => {
  it('opens Gebäude only for users with more than one building (issue 37)', async () => {
    const reader = { access_to_smart: 'read', access_to_pro: 'read' } as Permissions;
    const withBuildings = (count: number) => {
      const client = testQueryClient();
      client.setQueryData(
        buildingsQueryOptions().queryKey,
        Array.from({ length: count }, (_, index) => ({
          house_id: index + 1,
          name: `Haus ${index + 1}`,
          host_label: null,
          rooms: 1,
          below_target: 0,
          open_alarms: 0,
          demand: null,
          worst_room: null,
        })),
      );
      return client;
    };
    const user = userEvent.setup();
    renderMenu(reader, withBuildings(1));
    await user.click(screen.getByRole('button', { name: 'Benutzermenü von demo' }));
    await screen.findByRole('menuitem', { name: 'Mein Konto' });
    expect(screen.queryByRole('menuitem', { name: 'Gebäude' })).toBeNull();
    cleanup();

    renderMenu(reader, withBuildings(2));
    await user.click(screen.getByRole('button', { name: 'Benutzermenü von demo' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Gebäude' }));
    expect(await screen.findByRole('heading', { name: 'Gebäudeseite' })).toBeInTheDocument();
  });

  it('opens Geräte for building-wide managers only where the building has zigbee2mqtt (issues 36, 37)', async () => {
    const manager = { access_to_smart: 'full', access_to_pro: 'read', floors: [], rooms: [] };
    const withMqtt = (enabled: boolean, zigbee = enabled) => {
      const client = testQueryClient();
      client.setQueryData(mqttStatusQueryOptions().queryKey, {
        enabled,
        broker: enabled ? { connected: true, since: '2026-11-27T07:40:00+01:00' } : null,
        zigbee2mqtt: zigbee ? { base_topic: 'zigbee2mqtt', bridge: 'online', devices: 3 } : null,
        discovery: null,
      });
      return client;
    };
    const user = userEvent.setup();
    renderMenu(manager as Permissions, withMqtt(false));
    await user.click(screen.getByRole('button', { name: 'Benutzermenü von demo' }));
    await screen.findByRole('menuitem', { name: 'Mitglieder & Rollen' });
    expect(screen.queryByRole('menuitem', { name: 'Geräte' })).toBeNull();
    cleanup();

    // MQTT for Home Assistant only: this building has no zigbee2mqtt, so no Geräte (issue 37).
    renderMenu(manager as Permissions, withMqtt(true, false));
    await user.click(screen.getByRole('button', { name: 'Benutzermenü von demo' }));
    await screen.findByRole('menuitem', { name: 'Mitglieder & Rollen' });
    expect(screen.queryByRole('menuitem', { name: 'Geräte' })).toBeNull();
    cleanup();

    renderMenu({ ...manager, rooms: [1] } as Permissions, withMqtt(true));
    await user.click(screen.getByRole('button', { name: 'Benutzermenü von demo' }));
    await screen.findByRole('menuitem', { name: /Mitglieder & Rollen/ });
    expect(screen.queryByRole('menuitem', { name: 'Geräte' })).toBeNull();
    cleanup();

    renderMenu(manager as Permissions, withMqtt(true));
    await user.click(screen.getByRole('button', { name: 'Benutzermenü von demo' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Geräte' }));
    expect(await screen.findByRole('heading', { name: 'Geräteseite' })).toBeInTheDocument();
  });

  it('shows its button at once and opens the menu once its code is here', async () => {
    const onLogout = renderMenu();
    const button = screen.getByRole('button', { name: 'Benutzermenü von demo' });
    expect(button).toHaveAttribute('aria-haspopup', 'menu');
    const user = userEvent.setup();
    // Clicked before or after the dropdown's code arrives: either way the menu opens.
    await user.click(button);
    const logout = await screen.findByRole('menuitem', { name: 'Abmelden' });
    await user.click(logout);
    expect(onLogout).toHaveBeenCalledTimes(1);
  });

  it('offers the Protokoll only to users who may manage, and it opens /audit', async () => {
    renderMenu({ access_to_smart: 'full', access_to_pro: 'no-access' } as Permissions);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Benutzermenü von demo' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Protokoll' }));
    expect(await screen.findByRole('heading', { name: 'Protokollseite' })).toBeInTheDocument();
  });

  it('has no Protokoll entry for users who may only change temperatures', async () => {
    renderMenu({ access_to_smart: 'permanent', access_to_pro: 'read' } as Permissions);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Benutzermenü von demo' }));
    expect(await screen.findByRole('menuitem', { name: 'Abmelden' })).toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: 'Protokoll' })).toBeNull();
  });

  it('opens Mein Konto for every signed-in user, even one without access', async () => {
    renderMenu({ access_to_smart: 'no-access', access_to_pro: 'no-access' } as Permissions);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Benutzermenü von demo' }));
    const entry = await screen.findByRole('menuitem', { name: 'Mein Konto' });
    expect(entry).not.toHaveAttribute('aria-disabled');
    await user.click(entry);
    expect(await screen.findByRole('heading', { name: 'Kontoseite' })).toBeInTheDocument();
  });

  it('opens Mitglieder & Rollen for building-wide managers', async () => {
    renderMenu({
      access_to_smart: 'full',
      access_to_pro: 'read',
      floors: [],
      rooms: [],
    } as Permissions);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Benutzermenü von demo' }));
    const entry = await screen.findByRole('menuitem', { name: 'Mitglieder & Rollen' });
    expect(entry).not.toHaveAttribute('aria-disabled');
    expect(entry).not.toHaveTextContent('Bald');
    await user.click(entry);
    expect(await screen.findByRole('heading', { name: 'Mitgliederseite' })).toBeInTheDocument();
  });

  it('keeps Mitglieder & Rollen "Bald" for managers of some rooms and for everyone else', async () => {
    for (const permissions of [
      { access_to_smart: 'full', access_to_pro: 'full', floors: [1], rooms: [] },
      { access_to_smart: 'full', access_to_pro: 'no-access', floors: [], rooms: [21] },
      { access_to_smart: 'permanent', access_to_pro: 'read', floors: [], rooms: [] },
    ]) {
      renderMenu(permissions as Permissions);
      await userEvent.setup().click(screen.getByRole('button', { name: 'Benutzermenü von demo' }));
      const entries = await screen.findAllByRole('menuitem', { name: /Mitglieder & Rollen/ });
      expect(entries).toHaveLength(1);
      expect(entries[0]).toHaveAttribute('aria-disabled', 'true');
      expect(entries[0]).toHaveTextContent('Bald');
      cleanup();
    }
  });

  it('opens Integrationen for everyone who may see the building', async () => {
    renderMenu({ access_to_smart: 'read', access_to_pro: 'no-access' } as Permissions);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Benutzermenü von demo' }));
    const entries = await screen.findAllByRole('menuitem', { name: /Integrationen/ });
    expect(entries).toHaveLength(1);
    expect(entries[0]).not.toHaveAttribute('aria-disabled');
    expect(entries[0]).not.toHaveTextContent('Bald');
    await user.click(entries[0]!);
    expect(await screen.findByRole('heading', { name: 'Integrationsseite' })).toBeInTheDocument();
  });

  it('keeps Integrationen "Bald" for a user without access', async () => {
    renderMenu({ access_to_smart: 'no-access', access_to_pro: 'no-access' } as Permissions);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Benutzermenü von demo' }));
    const entries = await screen.findAllByRole('menuitem', { name: /Integrationen/ });
    expect(entries).toHaveLength(1);
    expect(entries[0]).toHaveAttribute('aria-disabled', 'true');
    expect(entries[0]).toHaveTextContent('Bald');
  });
});
