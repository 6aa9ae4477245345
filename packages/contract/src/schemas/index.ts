/**
 * `@raumregler/contract/schemas`: the wire shapes as TypeBox JSON schemas, for the server's
 * validation and serialization. The web app never imports this entry (it would ship the schema
 * library); the main entry exports the same shapes as types only.
 */
export * from './device.js';
export * from './accounts.js';
export * from './errors.js';
export * from './audit.js';
export * from './alarms.js';
export * from './history.js';
export * from './schedules.js';
export * from './mqtt.js';
export * from './tokens.js';
export * from './members.js';
export * from './forms.js';
export * from './buildings.js';
