import type { Change, ChangeFeed } from '../../platform/database/changes.js';
import type { Tx } from '../../platform/database/schema.js';
import type { Houses } from './houses.js';

/** The change feed's topic of a building's rooms, programmes, absences and devices. */
export const BUILDING_TOPIC = 'building';

/**
 * How a building's writes tell the other nodes: every write of a building's repositories counts
 * in its data version and announces `{house, topic: 'building'}` inside its commit
 * (repository.ts), so the other nodes read the building again once it is stored, and never when
 * it rolls back. The server's feed (`app.changes.announce`); the CLI's NOTIFY (announceChange).
 */
export type Announce = (tx: Tx, change: Change) => Promise<void>;

/**
 * Reads again what another node announces it changed of a building (the rooms it names, or the
 * part: programmes, absences, devices; repository.ts's `describeChange`), and every building (and
 * the list of buildings) on a change of everything (`house` null: after the feed reconnected).
 * PostgreSQL only: on SQLite this process is the only node, and the buildings notice the CLI's
 * commits by the file's data_version. This node's own announcements do not come back (the
 * writer refreshes the rooms it wrote).
 */
export function followOtherNodes(
  changes: ChangeFeed,
  houses: Pick<Houses, 'get' | 'list' | 'reload'>,
  failed: (error: unknown) => void,
): () => void {
  return changes.listen((change) => {
    if (change.house === null) {
      houses.reload().catch(failed);
      for (const house of houses.list()) house.building.externalChange().catch(failed);
    } else if (change.topic === BUILDING_TOPIC) {
      const house = houses.get(change.house);
      // A building this node does not know yet (added meanwhile): the list is read again.
      if (house) house.building.changedElsewhere(change).catch(failed);
      else houses.reload().catch(failed);
    }
  });
}
