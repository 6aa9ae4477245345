export * from './device.js';
export * from './accounts.js';
export * from './errors.js';
export * from './paths.js';
export * from './capabilities.js';
export * from './audit.js';
