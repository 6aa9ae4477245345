import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { unknownHouse } from '../http/error-handler.js';
import { sendsCredentials, type HookDone } from './plugin.js';

type PreHandler = (request: FastifyRequest, reply: FastifyReply, done: HookDone) => void;

/**
 * Who may call the device API: the one set of preHandlers of the simulated routes (modules/building/
 * routes) and of proxy mode (modules/proxy/routes.ts), so both modes refuse the same requests.
 * All are callback hooks: a cached sign-in passes them in the same tick, without a promise.
 */
export function deviceAccess(app: FastifyInstance) {
  // ANONYMOUS_READ lets old tools read without credentials; credentials that are sent are
  // still checked, so a wrong password never passes silently.
  // A signed-in user without access in the request's building (issue 37): 404, as for a
  // building that does not exist, on every path of it.
  const member: PreHandler = (request, _reply, done) => {
    if (request.user && !request.user.member) done(unknownHouse());
    else done();
  };
  const signIn: PreHandler = (request, reply, done) => {
    if (app.config.anonymousRead && !sendsCredentials(request)) done();
    else
      app.authenticate(request, reply, (error) =>
        error ? done(error) : member(request, reply, done),
      );
  };
  const signedInReader: PreHandler[] = [app.authenticate, app.requireCapability('read')];
  return {
    /** `info`: signed in (or anonymous with ANONYMOUS_READ), no capability asked. */
    signIn,
    /**
     * The building's data (temps, rooms, outs): the read capability (no access in both areas:
     * 403). With ANONYMOUS_READ everyone may read, so a signed-in user may too.
     */
    read: app.config.anonymousRead ? [signIn] : signedInReader,
    /** A read ANONYMOUS_READ does not open (proxy mode's other device paths): signed in, read. */
    signedInReader,
    /** `permissions`: signed in, always. */
    signedIn: [app.authenticate, member] as PreHandler[],
    /** The writes: signed in, with the write capability (`full` or `permanent` in an area). */
    write: [app.authenticate, app.requireCapability('write')] as PreHandler[],
  };
}
