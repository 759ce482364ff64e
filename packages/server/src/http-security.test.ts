import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { createApp, type App } from './app.js';
import { loadConfig } from './config.js';
import { FakeTime } from './game/time.js';
import { inProcessBots } from './games/bots.js';

/** Issue 40 item 19: security headers on every response, a Secure cookie when configured, the socket's origin check. */
const webDist = mkdtempSync(join(tmpdir(), 'nardy-web-'));
writeFileSync(join(webDist, 'index.html'), '<!doctype html><title>Nardy</title><script type="module" src="/assets/app.js"></script>');

let app: App | null = null;
afterEach(async () => {
  await app?.close();
  app = null;
});

async function start(env: Record<string, string> = {}): Promise<App> {
  app = await createApp(loadConfig({ DATABASE_URL: ':memory:', WEB_DIST: webDist, ...env }), {
    time: new FakeTime(1_767_225_600_000),
    scrypt: { N: 1024, r: 8, p: 1 },
    bots: inProcessBots(),
    logger: false,
  });
  return app;
}

/** The status of a WebSocket upgrade to `/ws`: 101 when it opened, else the refusal's. */
function upgrade(port: number, origin?: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`ws://127.0.0.1:${port}/ws`, origin === undefined ? {} : { origin });
    ws.on('open', () => {
      ws.close();
      resolve(101);
    });
    ws.on('unexpected-response', (req, res) => {
      resolve(res.statusCode ?? 0);
      req.destroy();
    });
    ws.on('error', reject);
  });
}

async function listen(a: App): Promise<number> {
  await a.http.listen({ host: '127.0.0.1', port: 0 });
  return (a.http.server.address() as AddressInfo).port;
}

describe('HTTP security', () => {
  it('every response has the security headers: the page, a client-side route, the API, an error; no HSTS over plain HTTP', async () => {
    const a = await start();
    for (const [url, status] of [
      ['/', 200],
      ['/table/abc', 200],
      ['/healthz', 200],
      ['/api/me', 401],
      ['/api/nothing', 404],
    ] as const) {
      const res = await a.http.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(status);
      const csp = String(res.headers['content-security-policy']);
      for (const d of [
        "default-src 'self'",
        "script-src 'self' 'wasm-unsafe-eval'",
        "style-src 'self'",
        "object-src 'none'",
        "frame-ancestors 'none'",
        "connect-src 'self' ws://localhost:80",
      ]) {
        expect(csp, url).toContain(d);
      }
      expect(csp).not.toContain('upgrade-insecure-requests');
      expect(res.headers, url).toMatchObject({
        'x-content-type-options': 'nosniff',
        'x-frame-options': 'DENY',
        'referrer-policy': 'strict-origin-when-cross-origin',
      });
      expect(res.headers['strict-transport-security'], url).toBeUndefined();
    }
    const guest = await a.http.inject({ method: 'POST', url: '/api/guest' });
    expect(String(guest.headers['set-cookie'])).not.toMatch(/Secure/);
  });

  it('COOKIE_SECURE (or an https PUBLIC_ORIGIN): the session cookie is Secure, HSTS is sent, the socket is wss', async () => {
    for (const env of [{ COOKIE_SECURE: 'true' }, { PUBLIC_ORIGIN: 'https://nardy.example' }]) {
      const a = await start(env);
      const guest = await a.http.inject({ method: 'POST', url: '/api/guest' });
      expect(guest.statusCode).toBe(201);
      expect(String(guest.headers['set-cookie'])).toMatch(/; Secure/);
      const page = await a.http.inject({ method: 'GET', url: '/' });
      expect(page.headers['strict-transport-security']).toBe('max-age=31536000');
      expect(String(page.headers['content-security-policy'])).toContain("connect-src 'self' wss://localhost:80");
      expect(String(page.headers['content-security-policy'])).toContain('upgrade-insecure-requests');
      await a.close();
      app = null;
    }
    expect(() => loadConfig({ PUBLIC_ORIGIN: 'https://nardy.example/app', COOKIE_SECURE: 'yes' })).toThrow(/PUBLIC_ORIGIN[\s\S]*COOKIE_SECURE/);
  });

  it('TRUST_PROXY: X-Forwarded-Proto https makes the cookie Secure and sends HSTS, X-Forwarded-For is the address per-IP limits count', async () => {
    const viaProxy = (ip: string, proto: string) => ({ 'x-forwarded-for': ip, 'x-forwarded-proto': proto });
    for (const TRUST_PROXY of ['1', 'true', '127.0.0.1', 'loopback, 10.0.0.0/8']) {
      const a = await start({ TRUST_PROXY, SIGNUP_BURST: '1' });
      const first = await a.http.inject({ method: 'POST', url: '/api/guest', headers: viaProxy('203.0.113.7', 'https') });
      expect(first.statusCode, TRUST_PROXY).toBe(201);
      expect(String(first.headers['set-cookie'])).toMatch(/; Secure/);
      expect(first.headers['strict-transport-security']).toBe('max-age=31536000');
      // SIGNUP_BURST=1 per address: another client behind the same proxy is not refused, the same one is.
      const other = await a.http.inject({ method: 'POST', url: '/api/guest', headers: viaProxy('203.0.113.8', 'http') });
      expect(other.statusCode).toBe(201);
      expect(String(other.headers['set-cookie'])).not.toMatch(/Secure/);
      expect(other.headers['strict-transport-security']).toBeUndefined();
      const again = await a.http.inject({ method: 'POST', url: '/api/guest', headers: viaProxy('203.0.113.7', 'https') });
      expect(again.statusCode).toBe(429);
      await a.close();
      app = null;
    }
  });

  it("without TRUST_PROXY the forwarded headers are ignored: the address is the connection's, the cookie is not Secure", async () => {
    const a = await start({ SIGNUP_BURST: '1' });
    const first = await a.http.inject({ method: 'POST', url: '/api/guest', headers: { 'x-forwarded-for': '203.0.113.7', 'x-forwarded-proto': 'https' } });
    expect(first.statusCode).toBe(201);
    expect(String(first.headers['set-cookie'])).not.toMatch(/Secure/);
    expect(first.headers['strict-transport-security']).toBeUndefined();
    const other = await a.http.inject({ method: 'POST', url: '/api/guest', headers: { 'x-forwarded-for': '203.0.113.8' } });
    expect(other.statusCode).toBe(429);
    expect(() => loadConfig({ TRUST_PROXY: 'yes, 10.0.0.1/99' })).toThrow(/TRUST_PROXY.*'yes, 10.0.0.1\/99'/);
    expect(() => loadConfig({ TRUST_PROXY: '2' })).toThrow(/TRUST_PROXY/);
  });

  it("the WebSocket refuses a page of another site (403) and accepts the site's own pages and clients without an Origin", async () => {
    const port = await listen(await start());
    expect(await upgrade(port, 'http://evil.example')).toBe(403);
    expect(await upgrade(port, `http://localhost:${port}`)).toBe(403);
    expect(await upgrade(port, 'null')).toBe(403);
    expect(await upgrade(port, `http://127.0.0.1:${port}`)).toBe(101);
    expect(await upgrade(port)).toBe(101);
  });

  it('with PUBLIC_ORIGIN the WebSocket accepts that origin only', async () => {
    const port = await listen(await start({ PUBLIC_ORIGIN: 'https://Nardy.example/' }));
    expect(await upgrade(port, 'https://nardy.example')).toBe(101);
    expect(await upgrade(port, `http://127.0.0.1:${port}`)).toBe(403);
    expect(await upgrade(port, 'https://nardy.example.evil.example')).toBe(403);
    expect(await upgrade(port)).toBe(101);
  });
});
