// Test helpers only, on their own entry point (`@raumregler/contract/testing`) so the apps never
// load them: here because the server's tests and the e2e tests both read the reset mail, and this
// is the one package both may import.
export * from './reset-mail.js';
export { parseCsv, parseLocaleNumber } from './csv.js';
export * from './device-answers.js';
