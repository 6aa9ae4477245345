/**
 * Where a building of the Gebäude page opens (issue 37). A building with a host label lives at
 * `https://{label}.{rest of the current host}/re/home/` (the spec's addressing by the host
 * name's first label); one without at `/re/home/?house=N` on this origin. Either is a new page
 * load: the app decides its building once, at start (lib/house.ts).
 */
export type BuildingLink = { kind: 'here'; href: string } | { kind: 'host'; href: string };

/** The app's base on every building's host (the router's basename). */
const APP_BASE = '/re/home/';

const isIpAddress = (hostname: string) =>
  /^\d{1,3}(\.\d{1,3}){3}$/.test(hostname) || hostname.includes(':');

/**
 * The rest of the current host after its building label: `haus-a.example.com` → `example.com`.
 * A host of one or two labels (`localhost`, `example.com`) has no building label: all of it.
 */
function hostRest(hostname: string): string {
  const labels = hostname.split('.');
  return labels.length > 2 ? labels.slice(1).join('.') : hostname;
}

/**
 * The link of one building, seen from the page's location (`protocol`, `hostname` and `port`
 * as `window.location` has them). On an IP address no label can be put in front: the building
 * by its house id here.
 */
export function buildingLink(
  building: { house_id: number; host_label: string | null },
  location: { protocol: string; hostname: string; port: string },
): BuildingLink {
  const here: BuildingLink = { kind: 'here', href: `${APP_BASE}?house=${building.house_id}` };
  const label = building.host_label?.trim().toLowerCase() ?? '';
  if (!/^[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?$/.test(label)) return here;
  const hostname = location.hostname.replace(/^\[|\]$/g, '');
  if (hostname === '' || isIpAddress(hostname)) return here;
  const port = location.port ? `:${location.port}` : '';
  return {
    kind: 'host',
    href: `${location.protocol}//${label}.${hostRest(hostname)}${port}${APP_BASE}`,
  };
}
