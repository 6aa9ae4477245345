import type { IncomingMessage } from 'node:http';

/** How long, and how many more bytes, a client may go on sending a body we already refused. */
const LINGER_MS = 1_000;
const LINGER_BYTES = 32 * 1024 * 1024;

/**
 * An answer sent before the client has finished sending its body (a 413 at the first excess
 * byte) goes out with `Connection: close`. Node closes such a socket as soon as the answer is
 * written; with body bytes still arriving, the kernel turns that close into a reset, and most
 * clients then report the reset instead of our answer. So the rest of the body is read and
 * thrown away (nothing is kept, memory stays flat) until it ends, for at most a second or 32 MB,
 * and only then is the socket closed: what nginx calls a lingering close.
 */
export function discardRestOfBody(raw: IncomingMessage) {
  if (raw.complete) return;
  const socket = raw.socket;
  let discarded = 0;
  let ended = false;
  let lingering = false;
  const cut = () => socket.destroy();
  const timer = setTimeout(cut, LINGER_MS);
  timer.unref();
  const stopTimer = () => clearTimeout(timer);
  socket.once('close', stopTimer);
  raw.unpipe();
  raw.removeAllListeners('data');
  raw.on('data', (chunk: Buffer) => {
    discarded += chunk.length;
    if (discarded > LINGER_BYTES) cut();
  });
  const closeWhenAnswered = socket.destroySoon.bind(socket);
  raw.once('end', () => {
    ended = true;
    clearTimeout(timer);
    // A kept-alive socket sees many refused bodies: do not pile up one listener for each.
    socket.off('close', stopTimer);
    if (lingering) closeWhenAnswered();
  });
  raw.resume();
  // Node calls destroySoon once the answer is written; until the body has ended, only the
  // sending side is closed, so the client still reads the answer and then its end.
  socket.destroySoon = () => {
    if (ended) return closeWhenAnswered();
    lingering = true;
    socket.end();
  };
}
