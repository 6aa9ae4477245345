export * from './device.js';
export * from './accounts.js';
export * from './errors.js';
export * from './paths.js';
export * from './capabilities.js';
export * from './room-scope.js';
export * from './audit.js';
export * from './alarms.js';
export type { HistorySample, HistoryAnswer, HistoryStatus } from './schemas/history.js';
export * from './schedules.js';
export * from './passwords.js';
export * from './room-activity.js';
export * from './valve.js';
export * from './device-programme.js';
export * from './device-reader.js';
export * from './members.js';
export type {
  MqttStatus,
  MqttDevice,
  DeviceList,
  RoomDevicesBody,
  RoomDevicesAnswer,
} from './schemas/mqtt.js';
export * from './tokens.js';
export * from './room-deviation.js';
export type { BuildingSummary, BuildingList, WorstRoom } from './schemas/buildings.js';
