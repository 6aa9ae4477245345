/** Where a command prints: its lines, and its errors. */
export interface CliIo {
  out: (line: string) => void;
  err: (line: string) => void;
}

/** A mistake of the caller: printed with the usage hint, exit code 2. */
export class UsageError extends Error {}

/** A request that cannot be done (unknown user, bad seed): printed, exit code 1. */
export class CommandError extends Error {}

/** The one positional argument a command takes. */
export function one(positionals: string[], what: string): string {
  const [value, ...rest] = positionals;
  if (!value) throw new UsageError(`missing ${what}`);
  if (rest.length > 0) throw new UsageError(`unexpected argument "${rest[0]}"`);
  return value;
}
