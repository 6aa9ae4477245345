// The rooms' values come from the one source Home Assistant reads too (modules/room-values).
export { roomSource, type RoomNow as MetricRoom } from '../room-values/index.js';
