import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync } from 'node:zlib';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test-support/test-server.js';
import {
  API_CONTENT_SECURITY_POLICY,
  inlineScriptHashes,
  templateSource,
} from './security-headers.js';

let webDist: string;
let server: TestServer | undefined;
const script = `console.log(${JSON.stringify('x'.repeat(5000))});`;

beforeAll(() => {
  webDist = mkdtempSync(path.join(tmpdir(), 'raumregler-web-'));
  mkdirSync(path.join(webDist, 'assets'));
  writeFileSync(
    path.join(webDist, 'index.html'),
    '<!doctype html><html><head><script type="module" src="/re/home/assets/index-abc123.js"></script></head><body><div id="root"></div></body></html>',
  );
  writeFileSync(path.join(webDist, 'assets', 'index-abc123.js'), script);
});
afterAll(() => rmSync(webDist, { recursive: true, force: true }));
afterEach(async () => {
  await server?.close();
  server = undefined;
});

function expectSecurityHeaders(response: Response, kind: 'app' | 'api' = 'app') {
  const csp = response.headers.get('content-security-policy') ?? '';
  if (kind === 'app') {
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("style-src 'self' 'unsafe-inline'");
  } else {
    // Nothing an API answer could load: stricter than the app's policy.
    expect(csp).toBe(API_CONTENT_SECURITY_POLICY);
  }
  expect(csp).toContain("frame-ancestors 'none'");
  expect(response.headers.get('x-frame-options')).toBe('DENY');
  expect(response.headers.get('x-content-type-options')).toBe('nosniff');
  expect(response.headers.get('referrer-policy')).toBe('no-referrer');
}

describe('serving the app', () => {
  it('serves index.html for deep links, with security headers', async () => {
    server = await startTestServer({ config: { webDist } });
    for (const page of ['/re/home/', '/re/home/rooms/1', '/re/home/auth/login']) {
      const response = await server.request(page);
      expect(response.status, page).toBe(200);
      expect(response.headers.get('content-type')).toMatch(/text\/html/);
      expect(response.headers.get('cache-control')).toBe('no-cache');
      expectSecurityHeaders(response);
      expect(await response.text()).toContain('<div id="root">');
    }
  });

  it('compresses hashed assets and caches them for a year', async () => {
    server = await startTestServer({ config: { webDist } });
    const response = await server.request('/re/home/assets/index-abc123.js', {
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-encoding')).toBe('gzip');
    expect(response.headers.get('cache-control')).toContain('immutable');
    expect(await response.text()).toBe(script);
    expectSecurityHeaders(response);
  });

  it("sends the build's pre-compressed copy of an asset as it is", async () => {
    const compressed = brotliCompressSync(script);
    writeFileSync(path.join(webDist, 'assets', 'index-abc123.js.br'), compressed);
    try {
      server = await startTestServer({ config: { webDist } });
      const response = await server.request('/re/home/assets/index-abc123.js', {
        headers: { 'accept-encoding': 'br, gzip' },
      });
      expect(response.status).toBe(200);
      expect(response.headers.get('content-encoding')).toBe('br');
      // The file's own bytes, not a fresh compression by the server.
      expect(response.headers.get('content-length')).toBe(String(compressed.length));
      expect(response.headers.get('vary')).toMatch(/accept-encoding/i);
      expect(await response.text()).toBe(script);
      expectSecurityHeaders(response);
    } finally {
      rmSync(path.join(webDist, 'assets', 'index-abc123.js.br'));
    }
  });

  it('puts the headers, with the strict API policy, on API answers and errors too', async () => {
    server = await startTestServer({ config: { webDist } });
    const expectHeaders = async (response: Response, kind: 'app' | 'api') => {
      expectSecurityHeaders(response, kind);
      // Read to the end, so the keep-alive connection is free and the server can close.
      await response.arrayBuffer();
    };
    for (const auth of [undefined, ['demo', 'demo1234'] as [string, string]]) {
      await expectHeaders(
        await server.request('/get/json/v1/1/temps/', auth ? { auth } : {}),
        'api',
      );
    }
    await expectHeaders(await server.request('/nothing-here'), 'api');
    await expectHeaders(await server.request('/api/app-config'), 'api');
    await expectHeaders(await server.request('/re/home/assets/missing.js'), 'app');
  });

  it('lets the app connect to the forwarding hosts of DEVICE_URL_TEMPLATE', async () => {
    const template = 'https://{device}.relay.example.com';
    server = await startTestServer({ config: { deviceUrlTemplate: template, webDist } });
    const config = await server.request('/api/app-config');
    expect(await config.json()).toMatchObject({ deviceUrlTemplate: template });
    const response = await server.request('/re/home/');
    expect(response.headers.get('content-security-policy')).toContain(
      "connect-src 'self' https://*.relay.example.com",
    );
  });
});

describe('CSP helpers', () => {
  it('hashes inline scripts so a future inline script keeps working', () => {
    const html =
      '<script>document.documentElement.className="dark"</script><script src="/a.js"></script>';
    expect(inlineScriptHashes(html)).toEqual([
      "'sha256-e/GWwmuCNghAcJx1Ve+saTLHxUt4eFd6qPjZETQ6kWI='",
    ]);
  });

  it('turns the device template into a host wildcard', () => {
    expect(templateSource('http://{device}.local:8080')).toBe('http://*.local:8080');
    expect(templateSource(null)).toBeNull();
  });
});
