import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, createTestApp, verifiedClient, type TestApp } from './test-support/app.js';
import { videos } from './features/videos/schema.js';
import { preloadImage, screenPreloads, videoShownFirst } from './platform/http/page-preloads.js';
import { PRODUCT_SLUG } from '../shared/platform/product.js';
import { routePattern } from '../shared/platform/routes.js';
import { precompressDir } from '../../scripts/precompress.js';

let t: TestApp;
let clientDir: string;

beforeAll(async () => {
  clientDir = fs.mkdtempSync(path.join(os.tmpdir(), 'glint-client-'));
  fs.mkdirSync(path.join(clientDir, 'assets'));
  fs.writeFileSync(
    path.join(clientDir, 'index.html'),
    `<!doctype html><html><head></head><body><div id="root"></div><!--${' page'.repeat(300)} --></body></html>`,
  );
  fs.writeFileSync(path.join(clientDir, 'assets', 'main-abc123.js'), 'console.log(1);\n'.repeat(200));
  fs.writeFileSync(path.join(clientDir, 'favicon.svg'), '<svg/>');
  precompressDir(clientDir); // as the build does
  // The read cache on, as in production: the page's hints are kept in it.
  t = await createTestApp({ CLIENT_DIR: clientDir, READ_CACHE_SECONDS: '30' });
});
afterAll(async () => {
  await t.close();
  fs.rmSync(clientDir, { recursive: true, force: true });
});

describe('GET /api/health', () => {
  it('reports the database as reachable', async () => {
    const res = await t.app.inject('/api/health');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.status).toBe('ok');
    expect(body.database.ok).toBe(true);
    expect(body.database.kind).toBe(t.database.kind);
  });
});

describe('the web app', () => {
  it('is served for every screen of docs/product.md §2, and with 404 for other paths', async () => {
    for (const url of ['/', '/app?category=defi', '/profile/alice', '/shorts?video=x', `/${PRODUCT_SLUG}/a/b/c`, '/admin/roles']) {
      const res = await t.app.inject(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.body).toContain('<div id="root">');
      expect(res.headers['cache-control']).toBe('no-cache');
    }
    const missing = await t.app.inject('/definitely/not/here');
    expect(missing.statusCode).toBe(404);
    expect(missing.body).toContain('<div id="root">');
  });

  it('writes who is there into the page: the same guest page for every guest, a private page per account, nothing that closes the element', async () => {
    const inline = (html: string) => {
      const m = /<script id="glint-session" type="application\/json">([^<]*)<\/script>/.exec(html);
      return m ? (JSON.parse(m[1]!) as unknown) : undefined;
    };
    const guest = await t.app.inject('/app');
    expect(inline(guest.body)).toEqual({ user: null });
    expect(guest.headers['cache-control']).toBe('no-cache');
    expect(guest.headers.vary).toBe('Accept-Encoding, Cookie');
    // A cookie that names no session: a guest too.
    expect(inline((await t.app.inject({ url: '/app', headers: { cookie: 'glint.session_token=forged' } })).body)).toEqual({ user: null });

    const c = await verifiedClient(t.app, 'inlineme');
    // A display name made to break out of the element.
    const hostile = '</script><script>alert(1)</script>&<!--';
    expect((await c.request('PATCH', '/api/profile', { displayName: hostile })).statusCode).toBe(200);
    const page = await c.get('/app');
    expect(page.statusCode).toBe(200);
    expect(page.headers['cache-control']).toBe('private, no-cache');
    expect(page.body).not.toContain('</script><script>');
    expect(page.body.match(/<\/script>/g)).toHaveLength(1);
    const me = (await c.get('/api/me')).json();
    expect(me.profile.displayName).toBe(hostile);
    expect(inline(page.body)).toEqual(me);
    // Its own tag: unchanged, it is not sent again; another account's page differs.
    expect((await t.app.inject({ url: '/app', headers: { cookie: c.cookie, 'if-none-match': String(page.headers.etag) } })).statusCode).toBe(304);
    const other = await (await verifiedClient(t.app, 'inlineother')).get('/app');
    expect(other.headers.etag).not.toBe(page.headers.etag);
    expect(page.headers.etag).not.toBe(guest.headers.etag);
  });

  it('caches hashed assets for a year and revalidates other files', async () => {
    const asset = await t.app.inject('/assets/main-abc123.js');
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const icon = await t.app.inject('/favicon.svg');
    expect(icon.headers['cache-control']).toBe('public, max-age=0, must-revalidate');
  });

  it('sends the copies compressed at build time to browsers that take them, the file to others', async () => {
    const original = fs.readFileSync(path.join(clientDir, 'assets', 'main-abc123.js'));
    const br = await t.app.inject({ url: '/assets/main-abc123.js', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/^text\/javascript|^application\/javascript/);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.rawPayload.length).toBeLessThan(original.length / 10);
    expect(zlib.brotliDecompressSync(br.rawPayload)).toEqual(original);

    const gz = await t.app.inject({ url: '/assets/main-abc123.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.rawPayload)).toEqual(original);

    const plain = await t.app.inject({ url: '/assets/main-abc123.js', headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload).toEqual(original);

    // The page itself, answered for a screen's address, too.
    const page = await t.app.inject({ url: '/app', headers: { 'accept-encoding': 'gzip' } });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-encoding']).toBe('gzip');
    expect(page.headers['cache-control']).toBe('no-cache');
    expect(zlib.gunzipSync(page.rawPayload).toString()).toContain('<div id="root">');
  });

  it("names a watch page's poster, and the shorts feed's first, for the browser to fetch with the page", async () => {
    const owner = await verifiedClient(t.app, 'posterowner');
    const me = (await (await owner.get('/api/me')).json()) as { user: { id: string } };
    const row = (over: Partial<typeof videos.$inferInsert> & { kind: 'long' | 'short' }): typeof videos.$inferInsert => ({
      ownerId: me.user.id,
      title: 'Poster',
      slug: 'poster',
      category: 'other',
      status: 'ready' as const,
      publishedAt: new Date(),
      ...over,
    });
    const [long, draft, short] = await t.database.db
      .insert(videos)
      .values([
        row({ kind: 'long', thumbnailUrl: '/media/videos/long/thumb-1.jpg' }),
        row({ kind: 'long', status: 'processing', publishedAt: null, thumbnailUrl: '/media/videos/draft/thumb-1.jpg' }),
        row({ kind: 'short', thumbnailUrl: '/media/videos/short/thumb-1.jpg' }),
      ])
      .returning();
    const link = async (url: string) => (await t.app.inject(url)).headers.link;
    expect(await link(`/${PRODUCT_SLUG}/${long!.id}`)).toBe('</media/videos/long/thumb-1.jpg>; rel=preload; as=image; fetchpriority=high');
    expect(await link(`/${PRODUCT_SLUG}/posterowner/poster/${long!.id}`)).toContain('/media/videos/long/thumb-1.jpg');
    expect(await link(`/shorts?video=${short!.id}`)).toContain('/media/videos/short/thumb-1.jpg');
    expect(await link('/shorts')).toContain('/media/videos/short/thumb-1.jpg');
    // Nothing for a video that is not public yet, an id that is no video, or a page without one.
    expect(await link(`/${PRODUCT_SLUG}/${draft!.id}`)).toBeUndefined();
    expect(await link(`/${PRODUCT_SLUG}/not-a-uuid`)).toBeUndefined();
    // A watch page whose id reads like the shorts feed's does not get the feed's poster.
    expect(await link(`/${PRODUCT_SLUG}/shorts`)).toBeUndefined();
    expect(await link('/app')).toBeUndefined();
  });

  it("names a screen's own code, and not what the page itself loads, from the build's manifest", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'glint-manifest-'));
    try {
      expect(screenPreloads(dir)('/app')).toEqual([]); // no build: nothing
      fs.mkdirSync(path.join(dir, '.vite'));
      fs.writeFileSync(
        path.join(dir, '.vite', 'manifest.json'),
        JSON.stringify({
          'index.html': { file: 'assets/index-1.js', isEntry: true, imports: ['_vendor-1.js'] },
          '_vendor-1.js': { file: 'assets/vendor-1.js' },
          '_cards-1.js': { file: 'assets/cards-1.js', imports: ['_vendor-1.js'] },
          'features/home/home-screen.tsx': { file: 'assets/home-screen-1.js', isDynamicEntry: true, imports: ['_vendor-1.js', '_cards-1.js'] },
          'features/videos/video-screen.tsx': { file: 'assets/video-screen-1.js', isDynamicEntry: true, imports: ['index.html'] },
        }),
      );
      const preloads = screenPreloads(dir);
      expect(preloads('/app')).toEqual(['</assets/home-screen-1.js>; rel=modulepreload', '</assets/cards-1.js>; rel=modulepreload']);
      expect(preloads(routePattern(`/${PRODUCT_SLUG}/a/b/c`)!)).toEqual(['</assets/video-screen-1.js>; rel=modulepreload']);
      expect(preloads('/no/such/page')).toEqual([]);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('never lets a stored picture address change the Link header it is put in', () => {
    expect(videoShownFirst(routePattern(`/${PRODUCT_SLUG}/a/b/c`)!, `/${PRODUCT_SLUG}/a/b/c`, new URLSearchParams())).toBe('c');
    expect(videoShownFirst('/shorts', '/shorts', new URLSearchParams('video=x'))).toBe('x');
    expect(videoShownFirst('/shorts', '/shorts', new URLSearchParams())).toBeNull();
    expect(videoShownFirst('/app', '/app', new URLSearchParams())).toBeUndefined();
    expect(preloadImage('https://cdn.example.com/v/1.jpg')).toBe('<https://cdn.example.com/v/1.jpg>; rel=preload; as=image; fetchpriority=high');
    for (const bad of [
      '/a.jpg>; rel=preload; as=script',
      '/a.jpg\r\nSet-Cookie: x=1',
      '/a b.jpg',
      'javascript:alert(1)',
      '//evil.example/x.jpg',
      'data:image/png;base64,AAAA',
    ]) {
      expect(preloadImage(bad), bad).toBeUndefined();
    }
  });

  it('answers unknown API paths with JSON 404, never the page', async () => {
    const res = await t.app.inject('/api/nothing');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'not_found' });
  });

  it('sends security headers with every answer', async () => {
    const res = await t.app.inject('/app');
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain("script-src 'self' 'unsafe-inline'");
    expect(csp).not.toContain('unsafe-eval');
    // Workers (the service worker, the player's transmuxer) come from this origin's files only,
    // never from a blob a script put together.
    expect(csp).toMatch(/worker-src 'self'(;|$)/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  });
});

describe('OpenAPI', () => {
  it('documents the routes from their schemas at /api/docs', async () => {
    const doc = (await t.app.inject('/api/docs/json')).json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/api/health', '/api/home', '/api/search', '/api/profiles/{username}']));
    expect(doc.paths['/api/home'].get.parameters).toEqual(expect.arrayContaining([expect.objectContaining({ name: 'category', in: 'query' })]));
    const ui = await t.app.inject('/api/docs/');
    expect(ui.statusCode).toBe(200);
    expect(ui.headers['content-type']).toContain('text/html');
  });
});

type Operation = {
  operationId?: string;
  security?: Record<string, string[]>[];
  responses: Record<string, unknown>;
  requestBody?: { required?: boolean };
  parameters?: { in: string; name: string; required?: boolean; schema?: { format?: string; pattern?: string; enum?: string[] } }[];
};
const operationsOf = (doc: { paths: Record<string, Record<string, Operation>> }) =>
  Object.entries(doc.paths).flatMap(([path, ops]) => Object.entries(ops).map(([method, op]) => ({ path, method, op })));

describe('declared access', () => {
  it('gives every operation of the document its security, a unique operationId and its success answer', async () => {
    const doc = (await t.app.inject('/api/docs/json')).json();
    expect(Object.keys(doc.components.securitySchemes).sort()).toEqual(['bearer', 'session', 'x402']);
    const operations = operationsOf(doc);
    expect(operations.length).toBeGreaterThan(100);
    for (const { path, method, op } of operations) {
      const where = `${method.toUpperCase()} ${path}`;
      expect(Array.isArray(op.security), where).toBe(true);
      for (const requirement of op.security!)
        for (const scheme of Object.keys(requirement)) expect(doc.components.securitySchemes, where).toHaveProperty(scheme);
      expect(op.operationId, where).toMatch(/^[a-z]+[A-Za-z0-9]+$/);
      // A 2xx, or for the one route that only ever redirects on success (native Google sign-in's start) its 302.
      expect(
        Object.keys(op.responses).some((status) => /^2\d\d$/.test(status) || (path === '/api/native/google' && status === '302')),
        where,
      ).toBe(true);
    }
    const ids = operations.map(({ op }) => op.operationId);
    expect(new Set(ids).size).toBe(ids.length);
    // Derived from the method and the path, so an id stays what clients generated from it.
    expect(doc.paths['/api/videos/{id}/comments'].get.operationId).toBe('getVideosByIdComments');
    expect(doc.paths['/api/notifications'].get.security).toEqual([{ session: [] }, { bearer: [] }]);
    expect(doc.paths['/api/health'].get.security).toEqual([]);
    expect(doc.paths['/api/videos/{id}/paid/master.m3u8'].get.security).toContainEqual({ x402: [] });
  });

  it('refuses a guest, with the guard’s answer, on every operation the document says needs a session', async () => {
    const doc = (await t.app.inject('/api/docs/json')).json();
    const guarded = operationsOf(doc).filter(({ op }) => op.security?.length && !op.security.some((r) => !Object.keys(r).length || 'x402' in r));
    expect(guarded.length).toBeGreaterThan(60);
    const answers = new Map<string, number>();
    for (const { path, method, op } of guarded) {
      // Path parameters that pass their schema (an id, a name), so the guard is what answers.
      const url = path.replace(/\{(\w+)\}/g, (_, name: string) => {
        const p = op.parameters?.find((x) => x.in === 'path' && x.name === name);
        if (p?.schema?.enum) return p.schema.enum[0]!;
        return p?.schema?.format === 'uuid' || p?.schema?.pattern?.includes('0-9a-fA-F') ? '7f1c2a9e-7d0b-4c55-9f3e-2a1b3c4d5e6f' : 'someone';
      });
      const res = await t.app.inject({
        method: method.toUpperCase() as 'GET',
        url,
        remoteAddress: '10.9.8.7',
        headers: { origin: t.app.config.publicUrl, ...(op.requestBody?.required ? { 'content-type': 'application/json' } : {}) },
        ...(op.requestBody?.required ? { payload: '{}' } : {}),
      });
      // A missing body or query fails its schema first (400), as it did before the guard moved.
      if (res.statusCode === 400 && (op.requestBody?.required || op.parameters?.some((p) => p.in === 'query' && p.required))) continue;
      expect({ route: `${method.toUpperCase()} ${path}`, status: res.statusCode, body: res.json() }).toEqual({
        route: `${method.toUpperCase()} ${path}`,
        status: 401,
        body: { code: 'unauthorized', message: 'Please sign in to continue.' },
      });
      answers.set(path, res.statusCode);
    }
    expect(answers.size).toBeGreaterThan(30);
  });

  it('refuses an unverified account on verified routes and a member on moderators’ routes, and keeps answers about the caller out of caches', async () => {
    const member = await verifiedClient(t.app, 'declaredmember');
    const mod = await member.get('/api/admin/reports');
    expect(mod.statusCode).toBe(403);
    expect(mod.json()).toEqual({ code: 'forbidden', message: 'You do not have permission to do that.' });
    const mine = await member.get('/api/notifications');
    expect(mine.statusCode).toBe(200);
    expect(mine.headers['cache-control']).toBe('no-store');
    const me = await member.get('/api/me');
    expect(me.headers['cache-control']).toBe('no-store');

    const unverified = new Client(t.app);
    await unverified.post('/api/auth/sign-up/email', {
      email: 'declaredunverified@example.com',
      username: 'declaredunverified',
      name: '',
      password: 'Str0ng!Passw0rd',
    });
    const uploads = await unverified.get('/api/videos/mine');
    expect(uploads.statusCode).toBe(403);
    expect(uploads.json()).toEqual({ code: 'email_not_verified', message: 'Email Verification Required' });
  });
});

describe('error answers', () => {
  it('are documented on every API route with the one error body', async () => {
    const doc = (await t.app.inject('/api/docs/json')).json();
    expect(doc.components.schemas.ApiError.required).toEqual(expect.arrayContaining(['code', 'message']));
    const operations = Object.values(doc.paths as Record<string, Record<string, { responses: Record<string, unknown> }>>).flatMap((p) => Object.values(p));
    expect(operations.length).toBeGreaterThan(10);
    for (const op of operations) {
      for (const status of ['400', '401', '403', '404', '409', '429', '500']) {
        expect(JSON.stringify(op.responses[status])).toContain('#/components/schemas/ApiError');
        expect(op.responses[status]).toMatchObject({ description: expect.not.stringMatching(/^Default Response$/) });
      }
    }
  });

  it('come in the same shape from the account endpoints, even where Better Auth sends no body', async () => {
    const unknown = await t.app.inject({ method: 'GET', url: '/api/auth/no-such-endpoint' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ code: 'not_found', message: 'Not found' });
    const malformed = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: { origin: t.app.config.publicUrl, 'content-type': 'application/json' },
      payload: '{not json',
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toMatchObject({ code: 'bad_request', message: expect.any(String) });
  });

  it('name the invalid fields of a request', async () => {
    const res = await t.app.inject('/api/search?q=' + 'x'.repeat(201));
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.code).toBe('invalid_request');
    expect(body.fields).toEqual({ q: expect.any(String) });
    expect(body.message).toBe(body.fields.q);
  });
});
