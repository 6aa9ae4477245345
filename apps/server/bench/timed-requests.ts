// Timed GETs for the benches: at a fixed rate from many connections (the polled reads), and one
// at a time (the history queries). Each answers the times sorted and the failures; the bench
// that calls it makes its own figures of them.
import { Agent, request as httpRequest } from 'node:http';

/** The value at percentile `p` of values sorted ascending (0 for none). */
export const percentile = (sorted: readonly number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? 0;

/**
 * A fixed rate as a building's clients poll: each of `connections` keep-alive connections
 * (round-robin over the origins) sends one request every `connections / rate` seconds, the
 * connections' starts spread evenly over that interval, so the server sees a steady stream.
 * (autocannon's overallRate lets every connection send its share of a second at once when the
 * second starts: a burst of the whole second's requests, whose queue, not the server, made the
 * p99.) A request is timed from when it was due, not from when it was sent, so a server that
 * falls behind is not flattered. A status outside 2xx (or none) is a failure.
 */
export async function pacedGets(options: {
  origins: readonly string[];
  /** The path of the next request. */
  path: () => string;
  headers: Record<string, string>;
  seconds: number;
  connections: number;
  rate: number;
}): Promise<{ latencies: number[]; failures: number }> {
  const { origins, connections, rate } = options;
  const intervalMs = (connections / rate) * 1000;
  const started = performance.now() + 50;
  const endAt = started + options.seconds * 1000;
  const latencies: number[] = [];
  let failures = 0;
  const connection = async (index: number) => {
    const target = new URL(origins[index % origins.length]!);
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    for (let due = started + (index * intervalMs) / connections; due < endAt; due += intervalMs) {
      const wait = due - performance.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      const status = await new Promise<number>((resolve) => {
        const sent = httpRequest(
          {
            host: target.hostname,
            port: target.port,
            path: options.path(),
            headers: options.headers,
            agent,
          },
          (response) => {
            response.resume();
            response.on('end', () => resolve(response.statusCode ?? 0));
          },
        );
        sent.on('error', () => resolve(0));
        sent.end();
      });
      latencies.push(performance.now() - due);
      if (status < 200 || status >= 300) failures += 1;
    }
    agent.destroy();
  };
  await Promise.all(Array.from({ length: connections }, (_, index) => connection(index)));
  latencies.sort((a, b) => a - b);
  return { latencies, failures };
}

/**
 * GETs one at a time on one keep-alive connection per origin (taking turns), each timed from its
 * request to the answer's last byte. Answers the durations sorted, the failures (not 200), and
 * the first answer's body (parsed by the caller: parsing in the client would be in the times).
 */
export async function sequentialGets(
  origins: readonly string[],
  paths: readonly string[],
  headers: Record<string, string>,
): Promise<{ durations: number[]; failures: number; first: Buffer | null }> {
  const agents = origins.map(() => new Agent({ keepAlive: true, maxSockets: 1 }));
  const durations: number[] = [];
  let failures = 0;
  let first: Buffer | null = null;
  try {
    for (const [index, pathname] of paths.entries()) {
      const started = performance.now();
      const { status, body } = await new Promise<{ status: number; body: Buffer }>(
        (resolve, reject) => {
          const sent = httpRequest(`${origins[index % origins.length]!}${pathname}`, {
            agent: agents[index % origins.length],
            headers,
          });
          sent.on('response', (response) => {
            const chunks: Buffer[] = [];
            response.on('data', (chunk: Buffer) => chunks.push(chunk));
            response.on('end', () =>
              resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks) }),
            );
            response.on('error', reject);
          });
          sent.on('error', reject);
          sent.end();
        },
      );
      durations.push(performance.now() - started);
      if (status !== 200) failures++;
      else if (index === 0) first = body;
    }
  } finally {
    for (const agent of agents) agent.destroy();
  }
  durations.sort((a, b) => a - b);
  return { durations, failures, first };
}

/** How many samples a history answer holds (0 for none or no answer). */
export const samplesIn = (body: Buffer | null) =>
  body ? ((JSON.parse(body.toString('utf8')) as { samples?: unknown[] }).samples?.length ?? 0) : 0;
