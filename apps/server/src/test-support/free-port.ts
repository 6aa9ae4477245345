import { createServer, type AddressInfo } from 'node:net';

/**
 * A port free on 127.0.0.1 right now (the OS picks it), for a server or broker a test starts;
 * the tiny race until that process binds it is harmless on a test machine.
 */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.unref();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}
