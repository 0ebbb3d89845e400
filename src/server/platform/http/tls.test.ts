import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import http2 from 'node:http2';
import https from 'node:https';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { loadConfig } from '../config.js';
import { testPatternArgs } from '../media/ffmpeg.js';
import { createTestApp, verifiedClient, type TestApp } from '../../test-support/app.js';
import { freePort } from '../../test-support/net.js';
import { selfSignedCertificate, type TestCertificate } from '../../test-support/tls.js';

// Glint serving HTTPS itself (TLS_CERT_FILE, TLS_KEY_FILE): HTTP/2 to browsers, HTTP/1.1 on the
// same port to everything else and for WebSocket upgrades. The routes that answer with Node's
// own request and response (uploads, the support chat's stream, media files) work over both.

let t: TestApp;
let tls: TestCertificate;
let base: string;
let session: http2.ClientHttp2Session;

interface Answer {
  status: number;
  headers: http2.IncomingHttpHeaders;
  body: Buffer;
}

/** One request over the shared HTTP/2 connection. */
function h2(method: string, url: string, headers: Record<string, string> = {}, body?: Uint8Array | string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = session.request({ ':method': method, ':path': url, ...headers });
    const chunks: Buffer[] = [];
    let head: http2.IncomingHttpHeaders = {};
    req.on('response', (h) => (head = h));
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve({ status: Number(head[':status']), headers: head, body: Buffer.concat(chunks) }));
    req.on('error', reject);
    req.end(body);
  });
}

beforeAll(async () => {
  tls = selfSignedCertificate();
  const port = await freePort();
  base = `https://127.0.0.1:${port}`;
  t = await createTestApp({ TLS_CERT_FILE: tls.certFile, TLS_KEY_FILE: tls.keyFile, PUBLIC_URL: base });
  await t.app.listen({ port, host: '127.0.0.1' });
  session = http2.connect(base, { ca: tls.cert });
}, 60_000);
afterAll(async () => {
  session?.close();
  await t?.close();
  fs.rmSync(tls.dir, { recursive: true, force: true });
});

describe('HTTPS', () => {
  it('answers HTTP/2 to a client that offers it and HTTP/1.1 to one that does not, on one port', async () => {
    const viaH2 = await h2('GET', '/api/health');
    expect(viaH2.status).toBe(200);
    expect(JSON.parse(viaH2.body.toString())).toMatchObject({ status: 'ok' });
    // HSTS: the public address is https.
    expect(viaH2.headers['strict-transport-security']).toMatch(/max-age=\d+/);

    const viaH1 = await new Promise<{ version: string; status: number }>((resolve, reject) => {
      https
        .get(`${base}/api/health`, { ca: tls.cert }, (res) => {
          res.resume();
          res.on('end', () => resolve({ version: res.httpVersion, status: res.statusCode! }));
        })
        .on('error', reject);
    });
    expect(viaH1).toEqual({ version: '1.1', status: 200 });
  });

  it('signs in over HTTP/2 with a Secure cookie, and knows the session on the next request', async () => {
    await verifiedClient(t.app, 'tls_reader');
    const json = { origin: base, 'content-type': 'application/json' };
    const signIn = await h2('POST', '/api/auth/sign-in/email', json, JSON.stringify({ email: 'tls_reader@example.com', password: 'Str0ng!Passw0rd' }));
    expect(signIn.status).toBe(200);
    const cookies = ([] as string[]).concat(signIn.headers['set-cookie'] ?? []);
    const sessionCookie = cookies.find((c) => /session_token=/.test(c));
    expect(sessionCookie).toMatch(/; Secure/i);
    const me = await h2('GET', '/api/me', { cookie: sessionCookie!.split(';')[0]! });
    expect(me.status).toBe(200);
    expect(JSON.parse(me.body.toString())).toMatchObject({ user: { email: 'tls_reader@example.com' } });
  });

  it('takes an upload over HTTP/2, transcodes it and serves its stream in byte ranges', { timeout: 120_000 }, async () => {
    const c = await verifiedClient(t.app, 'tls_creator');
    const created = await c.post('/api/videos', { kind: 'long', title: 'Over HTTP/2', description: '', category: 'Education', tags: [] });
    expect(created.statusCode).toBe(201);
    const id = created.json().id as string;
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'glint-tls-clip-'));
    const file = path.join(dir, 'clip.mp4');
    execFileSync('ffmpeg', testPatternArgs(file, 1, 320, 180), { stdio: 'ignore' });
    const bytes = fs.readFileSync(file);
    fs.rmSync(dir, { recursive: true, force: true });

    const tus = { 'tus-resumable': '1.0.0', cookie: c.cookie };
    const upload = await h2('POST', '/api/uploads', {
      ...tus,
      'upload-length': String(bytes.length),
      'upload-metadata': `videoId ${Buffer.from(id).toString('base64')}`,
    });
    expect(upload.status).toBe(201);
    const location = String(upload.headers.location);
    expect(location).toMatch(/^\/api\/uploads\/[0-9a-f]+$/);
    const sent = await h2('PATCH', location, { ...tus, 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' }, bytes);
    expect(sent.status).toBe(204);
    expect(sent.headers['upload-offset']).toBe(String(bytes.length));

    const until = Date.now() + 90_000;
    let video = c.get(`/api/videos/${id}`).then((r) => r.json());
    while ((await video).status !== 'ready') {
      expect((await video).status, (await video).failureReason ?? '').not.toBe('failed');
      if (Date.now() > until) throw new Error(`still ${(await video).status}`);
      await new Promise((r) => setTimeout(r, 250));
      video = c.get(`/api/videos/${id}`).then((r) => r.json());
    }
    const master = await h2('GET', new URL((await video).hlsUrl as string, base).pathname);
    expect(master.status).toBe(200);
    expect(master.body.toString()).toContain('#EXTM3U');
    const part = await h2('GET', new URL((await video).hlsUrl as string, base).pathname, { range: 'bytes=0-6' });
    expect(part.status).toBe(206);
    expect(part.body.toString()).toBe('#EXTM3U');
  });

  it('streams the support chat over HTTP/2', async () => {
    const res = await h2(
      'POST',
      '/api/support-chat',
      { origin: base, 'content-type': 'application/json' },
      JSON.stringify({ messages: [{ role: 'user', content: 'how do I claim a bounty?' }] }),
    );
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/event-stream/);
    expect(res.body.toString()).toMatch(/data: \[DONE\]\n\n$/);
  });

  it('opens the realtime socket over TLS, and refuses it from another site', async () => {
    const open = (origin: string) =>
      new Promise<string>((resolve) => {
        const socket = new WebSocket(`${base.replace('https', 'wss')}/api/realtime`, { ca: tls.cert, origin });
        socket.once('message', (d) => {
          socket.close();
          resolve(JSON.parse(String(d)).event as string);
        });
        socket.once('unexpected-response', (_req, res) => resolve(`refused ${res.statusCode}`));
        socket.once('error', (err) => resolve(`error ${err.message}`));
      });
    expect(await open(base)).not.toMatch(/^(refused|error)/);
    expect(await open('https://evil.example')).toMatch(/^(refused 403|error)/);
  });
});

describe('TLS settings', () => {
  it('needs both files, readable, each of its kind', () => {
    const env = { NODE_ENV: 'test' } as const;
    expect(() => loadConfig({ ...env, TLS_CERT_FILE: tls.certFile })).toThrow('TLS_CERT_FILE and TLS_KEY_FILE go together');
    expect(() => loadConfig({ ...env, TLS_CERT_FILE: tls.certFile, TLS_KEY_FILE: '/nonexistent/key.pem' })).toThrow(
      /TLS_KEY_FILE: \/nonexistent\/key.pem cannot be read \(ENOENT\)/,
    );
    expect(() => loadConfig({ ...env, TLS_CERT_FILE: tls.keyFile, TLS_KEY_FILE: tls.certFile })).toThrow(/TLS_CERT_FILE: .* is not a PEM file of that kind/);
    const ok = loadConfig({ ...env, TLS_CERT_FILE: tls.certFile, TLS_KEY_FILE: tls.keyFile });
    expect(ok.tls?.cert.equals(tls.cert)).toBe(true);
    // Without PUBLIC_URL, the address Glint gives out is https.
    expect(ok.publicUrl).toBe('https://localhost:3000');
  });
});
