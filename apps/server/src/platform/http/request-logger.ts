import type { FastifyBaseLogger } from 'fastify';

type Bindings = Record<string, unknown>;
type ChildOptions = Parameters<FastifyBaseLogger['child']>[1];
type LogArgs = Parameters<FastifyBaseLogger['info']>;

/**
 * `request.log`, made a real child logger (with the request id) only when something is logged
 * through it. Fastify makes a pino child for every request; at LOG_LEVEL=info and above almost
 * no request logs anything (request lines are off, errors are rare), and that child, with its
 * serialized bindings, was a measurable part of a polled answer. What is logged is unchanged:
 * the first call makes the same child Fastify would have made and passes the call on.
 */
export class RequestLogger {
  #child: FastifyBaseLogger | null = null;

  constructor(
    private readonly parent: FastifyBaseLogger,
    private readonly bindings: Bindings,
    private readonly options: ChildOptions,
  ) {}

  /** The pino child, made on first use. */
  get real(): FastifyBaseLogger {
    return (this.#child ??= this.parent.child(this.bindings, this.options));
  }

  get level(): string {
    return this.#child?.level ?? this.options?.level ?? this.parent.level;
  }

  set level(level: string) {
    this.real.level = level;
  }

  fatal(...args: LogArgs) {
    this.real.fatal(...args);
  }
  error(...args: LogArgs) {
    this.real.error(...args);
  }
  warn(...args: LogArgs) {
    this.real.warn(...args);
  }
  info(...args: LogArgs) {
    this.real.info(...args);
  }
  debug(...args: LogArgs) {
    this.real.debug(...args);
  }
  trace(...args: LogArgs) {
    this.real.trace(...args);
  }
  silent(...args: LogArgs) {
    this.real.silent(...args);
  }
  child(bindings: Bindings, options?: ChildOptions): FastifyBaseLogger {
    return this.real.child(bindings, options);
  }
}

/** Fastify's childLoggerFactory: a lazy child per request (see RequestLogger). */
export function lazyRequestLogger(
  logger: FastifyBaseLogger,
  bindings: Bindings,
  options: ChildOptions,
): FastifyBaseLogger {
  return new RequestLogger(logger, bindings, options) as unknown as FastifyBaseLogger;
}
