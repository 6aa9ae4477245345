import http from 'node:http';
import net from 'node:net';

export interface ProbeAnswer {
  status: number;
  contentType: string;
  body: string;
  /** Every header of the answer, names in lower case. */
  headers: Record<string, string>;
}

export interface ProbeRequest {
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: Buffer;
}

/** One HTTP request with any method, headers and raw body bytes, answered or failed. */
export function sendRequest(
  origin: string,
  request: ProbeRequest,
  agent?: http.Agent,
  timeoutMs = 15_000,
): Promise<ProbeAnswer> {
  const url = new URL(origin);
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: url.hostname,
        port: url.port,
        method: request.method,
        path: request.path,
        agent,
        headers: {
          ...request.headers,
          ...(request.body ? { 'content-length': String(request.body.length) } : {}),
        },
        timeout: timeoutMs,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            contentType: String(res.headers['content-type'] ?? ''),
            body: Buffer.concat(chunks).toString('utf8'),
            headers: Object.fromEntries(
              Object.entries(res.headers).map(([name, value]) => [name, String(value)]),
            ),
          }),
        );
        res.on('error', reject);
      },
    );
    // Say where the request stood, so a stall can be told apart: never connected, sent but
    // never answered, or answered only in part; and on which socket (reused or fresh).
    let phase = 'waiting for a socket';
    req.on('socket', (socket) => {
      if (socket.connecting) {
        phase = 'connecting';
        socket.once('connect', () => (phase = 'connected, sending'));
      } else {
        phase = 'on a connected socket, sending';
      }
    });
    req.on('finish', () => (phase = 'sent, waiting for the answer'));
    req.on('response', (res) => {
      phase = 'answer head received, body incomplete';
      res.once('end', () => (phase = 'answered'));
    });
    req.on('timeout', () => {
      const socket = req.socket;
      const where = socket
        ? ` (local port ${socket.localPort ?? '?'}, ${req.reusedSocket ? 'reused' : 'new'} socket)`
        : '';
      req.destroy(new Error(`no answer within ${timeoutMs / 1000} s: ${phase}${where}`));
    });
    req.on('error', reject);
    if (request.body) req.write(request.body);
    req.end();
  });
}

/** Sends exact bytes on a fresh socket and parses whatever HTTP answer comes back. */
export function sendRaw(origin: string, bytes: Buffer): Promise<ProbeAnswer | null> {
  const url = new URL(origin);
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(url.port), url.hostname);
    const chunks: Buffer[] = [];
    const timer = setTimeout(() => socket.destroy(), 5_000);
    socket.on('connect', () => socket.write(bytes));
    socket.on('data', (chunk: Buffer) => {
      chunks.push(chunk);
      // One answer is all we need; the connection may otherwise stay open (keep-alive).
      const text = Buffer.concat(chunks).toString('latin1');
      const head = text.indexOf('\r\n\r\n');
      const length = /content-length:\s*(\d+)/i.exec(text.slice(0, head))?.[1];
      if (head > 0 && length !== undefined && text.length >= head + 4 + Number(length)) {
        socket.destroy();
      }
    });
    socket.on('error', (error: NodeJS.ErrnoException) => {
      // The server may reset the socket after its error answer; what it sent still counts.
      if (error.code !== 'ECONNRESET' && error.code !== 'EPIPE') reject(error);
    });
    socket.on('close', () => {
      clearTimeout(timer);
      const text = Buffer.concat(chunks).toString('utf8');
      if (text === '') return resolve(null);
      const match = /^HTTP\/1\.[01] (\d{3})/.exec(text);
      const head = text.indexOf('\r\n\r\n');
      const headers: Record<string, string> = {};
      for (const line of text.slice(0, head).split('\r\n').slice(1)) {
        const colon = line.indexOf(':');
        if (colon > 0)
          headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
      }
      resolve({
        status: match ? Number(match[1]) : 0,
        contentType: headers['content-type'] ?? '',
        body: head >= 0 ? text.slice(head + 4) : '',
        headers,
      });
    });
  });
}
