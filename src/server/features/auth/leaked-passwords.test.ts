import { createHash } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLeakedPasswordChecker } from './leaked-passwords.js';

describe('bundled breached-password list', () => {
  const checker = createLeakedPasswordChecker();
  it('holds more than 100,000 passwords a user could otherwise choose', () => {
    expect(checker.bundledCount).toBeGreaterThan(100_000);
  });
  it('knows common breached passwords that pass every rule', async () => {
    expect(await checker.isLeaked('P@ssw0rd')).toBe(true);
    expect(await checker.isLeaked('1qaz!QAZ')).toBe(true);
    expect(await checker.isLeaked('Gl1nt!kX9#vQ2')).toBe(false);
  });
});

describe('k-anonymity range API', () => {
  // A local server speaking the Pwned Passwords range protocol.
  const secret = 'Only!In#The4Range';
  const sha1 = createHash('sha1').update(secret).digest('hex').toUpperCase();
  const asked: string[] = [];
  let server: http.Server;
  let url: string;
  beforeAll(async () => {
    server = http.createServer((req, res) => {
      asked.push(req.url!);
      const prefix = req.url!.split('/').pop()!;
      res.end(prefix === sha1.slice(0, 5) ? `0018A45C4D1DEF81644B54AB7F969B88D65:1\r\n${sha1.slice(5)}:42\r\n` : 'ABCDEF:0\r\n');
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));

  it('sends only a five-character prefix and finds the suffix', async () => {
    const checker = createLeakedPasswordChecker({ rangeApiUrl: url });
    expect(await checker.isLeaked(secret)).toBe(true);
    expect(asked.at(-1)).toBe(`/range/${sha1.slice(0, 5)}`);
    expect(await checker.isLeaked('Not!Leaked#Anywhere9')).toBe(false);
  });

  it('lets sign-up go on when the service is unreachable', async () => {
    const checker = createLeakedPasswordChecker({ rangeApiUrl: 'http://127.0.0.1:9', timeoutMs: 500 });
    expect(await checker.isLeaked(secret)).toBe(false);
  });
});
