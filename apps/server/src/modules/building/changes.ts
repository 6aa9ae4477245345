import { announceChange, type Change, type ChangeFeed } from '../../platform/database/changes.js';
import type { Commit } from '../../platform/database/group-commit.js';
import type { Engine, Tx } from '../../platform/database/schema.js';
import type { BuildingRepository } from './repository.js';

/** The change feed's topic of a building's rooms, programmes, absences and devices. */
export const BUILDING_TOPIC = 'building';

export type Announce = (tx: Tx, change: Change) => Promise<void>;

/**
 * The commit of every write that changes the building (room commands and limits, weekly
 * programmes, absences, room devices, the simulation's step, the device feeds, the CLI's
 * building commands): each write announces `{house, topic: 'building'}` inside its own commit,
 * so the other nodes read the building again once it is stored, and never when it rolls back.
 * `house` null: every building (the CLI, which names none yet).
 */
export function buildingCommit(commit: Commit, announce: Announce, house: number | null): Commit {
  return (work) =>
    commit(async (tx) => {
      const result = await work(tx);
      await announce(tx, { house, topic: BUILDING_TOPIC });
      return result;
    });
}

/**
 * The announcement of a process that does not listen (the CLI): NOTIFY on PostgreSQL, as the
 * change feed's own; nothing on SQLite, where the server notices the file's data_version.
 */
export const announcerOf =
  (engine: Engine): Announce =>
  (tx, change) =>
    announceChange(engine, tx, change);

/**
 * Reads the building again when another node announces a change of it, or of everything
 * (`house` null: after the feed reconnected, or the CLI). PostgreSQL only: on SQLite this
 * process is the only node, and the building notices the CLI's commits by the file's
 * data_version. This node's own announcements come back too: the snapshot is read once more.
 */
export function followOtherNodes(
  changes: ChangeFeed,
  house: number,
  building: Pick<BuildingRepository, 'externalChange'>,
  failed: (error: unknown) => void,
): () => void {
  return changes.listen((change) => {
    if (change.house === null || (change.house === house && change.topic === BUILDING_TOPIC)) {
      building.externalChange().catch(failed);
    }
  });
}
