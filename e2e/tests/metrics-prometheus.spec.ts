import { spawnSync } from 'node:child_process';
import type { Floor } from '@raumregler/contract';
import { expect, test } from '../support/fixtures';
import {
  ensurePrometheus,
  promtoolPath,
  startPrometheus,
  type RunningPrometheus,
  type ScrapeCredentials,
} from '../support/prometheus';

// Issue 35: a real Prometheus (Debian's) scrapes the built server's /metrics every second with a
// read-only user's access token (no password in its configuration), and promtool finds nothing
// to complain about in what it serves.
const reader = { username: 'bewohner', password: 'bewohner1234' };
const basic = `Basic ${Buffer.from(`${reader.username}:${reader.password}`).toString('base64')}`;

/** A new read token of the read-only user, made through the tokens API. */
async function readToken(origin: string): Promise<{ id: number; secret: string }> {
  const answer = await fetch(`${origin}/api/tokens/`, {
    method: 'POST',
    headers: { authorization: basic, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ name: 'Prometheus', access: 'read' }),
  });
  expect(answer.status).toBe(201);
  const { token } = (await answer.json()) as { token: { id: number; token: string } };
  return { id: token.id, secret: token.token };
}

let prometheus: RunningPrometheus | undefined;

test.beforeAll(async () => {
  // apt-get may have to install it first (CI, as root): give it time.
  test.setTimeout(300_000);
  ensurePrometheus();
});

test.afterEach(async () => {
  await prometheus?.stop();
  prometheus = undefined;
});

test('Prometheus scrapes the rooms with a read token, and promtool accepts the metrics', async ({
  server,
}) => {
  test.setTimeout(120_000);
  const credentials: ScrapeCredentials = { bearer: (await readToken(server.origin)).secret };
  prometheus = await startPrometheus(server.origin, credentials);

  const temps = (await (
    await fetch(`${server.origin}/get/json/v1/1/temps/`, { headers: { authorization: basic } })
  ).json()) as Floor[];
  const expected = Object.fromEntries(
    temps.flatMap((floor) =>
      floor.raeume
        .filter((room) => room.temperatur !== null)
        .map((room) => [String(room.id), `${room.name}|${floor.etagenname}|${room.temperatur}`]),
    ),
  );
  // The demo building: 7 rooms, the Gäste-WC without a sensor.
  expect(Object.keys(expected)).toHaveLength(6);

  // Prometheus holds our series with our values once it has scraped.
  await expect
    .poll(
      async () =>
        Object.fromEntries(
          (await prometheus!.query('raumregler_room_temperature_celsius')).map((each) => [
            each.metric.room_id,
            `${each.metric.room}|${each.metric.floor}|${Number(each.value[1])}`,
          ]),
        ),
      { timeout: 60_000, intervals: [500] },
    )
    .toEqual(expected);
  const series = await prometheus.query('raumregler_room_temperature_celsius');
  expect(series[0]!.metric).toMatchObject({ job: 'raumregler', house_id: '1' });
  const up = await prometheus.query('up{job="raumregler"}');
  expect(up.map((each) => each.value[1])).toEqual(['1']);
  // Its own scrapes are timed under the route's template.
  await expect
    .poll(
      async () =>
        (
          await prometheus!.query(
            'raumregler_http_request_duration_seconds_count{route="/metrics"}',
          )
        ).length,
      { timeout: 30_000 },
    )
    .toBeGreaterThan(0);

  // promtool's lint of a scraped body: exit code 0 and nothing said.
  const body = await (
    await fetch(`${server.origin}/metrics`, { headers: { authorization: basic } })
  ).text();
  expect(body).toContain('raumregler_alarms_open{kind="too-cold"} 0');
  const lint = spawnSync(promtoolPath, ['check', 'metrics'], { input: body, encoding: 'utf8' });
  const complaints = `${lint.stdout}${lint.stderr}`;
  expect(complaints).toBe('');
  expect(lint.status).toBe(0);
});

test('without credentials, or with a revoked token, Prometheus is refused: the target is down', async ({
  server,
}) => {
  test.setTimeout(120_000);
  const refused = await fetch(`${server.origin}/metrics`);
  expect(refused.status).toBe(401);
  const token = await readToken(server.origin);
  const revoked = await fetch(`${server.origin}/api/tokens/${token.id}/`, {
    method: 'DELETE',
    headers: { authorization: basic },
  });
  expect(revoked.status).toBe(200);
  prometheus = await startPrometheus(server.origin, { bearer: token.secret });
  await expect
    .poll(async () => (await prometheus!.query('up{job="raumregler"}')).map((e) => e.value[1]), {
      timeout: 60_000,
      intervals: [500],
    })
    .toEqual(['0']);
  expect(await prometheus.query('raumregler_room_temperature_celsius')).toEqual([]);
});
