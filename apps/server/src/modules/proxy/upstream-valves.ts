import { valvesByRoom } from '@raumregler/contract';

/**
 * The device's valve openings by room (issue 32): its `outs/` read with the contract's rule
 * (`valvesByRoom`, the one the web app applies too). Null when the device does not answer it
 * usefully: the temperatures of the same poll are recorded all the same, with no valve.
 */
export async function readUpstreamValves(
  get: () => Promise<Response>,
): Promise<Map<number, number | null> | null> {
  try {
    const response = await get();
    if (!response.ok) return null;
    return valvesByRoom(await response.json());
  } catch {
    return null;
  }
}
