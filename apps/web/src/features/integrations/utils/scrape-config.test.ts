import { describe, expect, it } from 'vitest';
import { metricsUrl, scrapeConfig } from './scrape-config';

describe('scrapeConfig', () => {
  it('names the scheme, the host with its port and the token', () => {
    expect(
      scrapeConfig({ origin: 'https://haus.example.org', token: 'rr_abc', placeholder: 'x' }),
    ).toBe(
      [
        'scrape_configs:',
        '  - job_name: raumregler',
        '    scrape_interval: 15s',
        '    scheme: https',
        '    metrics_path: /metrics',
        '    static_configs:',
        "      - targets: ['haus.example.org:443']",
        '    authorization:',
        '      type: Bearer',
        '      credentials: rr_abc',
        '',
      ].join('\n'),
    );
  });

  it('keeps a port of the address, and a placeholder without a token', () => {
    const config = scrapeConfig({
      origin: 'http://192.168.1.20:8093',
      token: null,
      placeholder: '<dein Token>',
    });
    expect(config).toContain('    scheme: http\n');
    expect(config).toContain("      - targets: ['192.168.1.20:8093']\n");
    expect(config).toContain('      credentials: <dein Token>\n');
  });

  it('takes port 80 for plain http and keeps the brackets of an IPv6 address', () => {
    expect(scrapeConfig({ origin: 'http://[::1]', token: null, placeholder: 'x' })).toContain(
      "      - targets: ['[::1]:80']\n",
    );
  });
});

describe('metricsUrl', () => {
  it('is /metrics at the root of the server', () => {
    expect(metricsUrl('http://localhost:8093')).toBe('http://localhost:8093/metrics');
  });
});
