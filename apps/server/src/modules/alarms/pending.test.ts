import { afterEach, describe, expect, it } from 'vitest';
import { startAccountsServer, type AccountsServer } from '../../test-support/accounts.js';
import { manualClock } from '../../test-support/test-server.js';
import type { NamedReading } from './service.js';

const MINUTE = 60_000;
let server: AccountsServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const room5 = (reportedAt: number): NamedReading => ({
  roomId: 5,
  mode: 'Heating',
  temperature: 18,
  target: 18,
  reportedAt,
});

// The evaluation decides at once and stores in the next group commit: evaluations that follow
// each other faster than their stores (a busy disk) must still store what they decided.
describe('evaluations faster than their stores', () => {
  it('an alarm that opens and clears before its open is stored is stored once, cleared; one evaluated again is not raised twice', async () => {
    const clock = manualClock('2026-11-23T07:00');
    server = await startAccountsServer({ simSpeed: 1 }, clock.now);
    const alarms = server.app.alarmsOf(server.app.houses.own());
    const lastReading = clock.now();
    clock.advance(40 * MINUTE);
    // Silent for 40 minutes: sensor-silent opens. Not awaited: the next ones come before it is
    // stored, the first of them with the sensor still silent.
    const stores = [alarms.evaluate([room5(lastReading)], clock.now())];
    stores.push(alarms.evaluate([room5(lastReading)], clock.now()));
    // Then it reports again: the alarm clears 10 minutes later.
    for (let minute = 0; minute <= 10; minute++) {
      stores.push(alarms.evaluate([room5(clock.now())], clock.now()));
      clock.advance(MINUTE);
    }
    await Promise.all(stores);
    expect(
      (await alarms.repo.list('all', 0)).map(({ roomId, kind, state, clearedAt }) => ({
        roomId,
        kind,
        state,
        clearedAt,
      })),
    ).toEqual([
      {
        roomId: 5,
        kind: 'sensor-silent',
        state: 'cleared',
        clearedAt: Date.parse('2026-11-23T06:50:00Z'),
      },
    ]);
    // Silent again: a new alarm, stored under its own id, which the next clear finds.
    const silentSince = clock.now();
    clock.advance(40 * MINUTE);
    await alarms.evaluate([room5(silentSince)], clock.now());
    const [open] = await alarms.repo.list('open', 0);
    expect(open).toMatchObject({ roomId: 5, kind: 'sensor-silent', state: 'active' });
    for (let minute = 0; minute <= 10; minute++) {
      await alarms.evaluate([room5(clock.now())], clock.now());
      clock.advance(MINUTE);
    }
    expect(await alarms.repo.list('open', 0)).toEqual([]);
    expect((await alarms.repo.findById(open!.id))?.state).toBe('cleared');
  });
});
