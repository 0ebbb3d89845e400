import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

describe('loadConfig', () => {
  it('has laptop defaults: port 3000, PGlite under ./data, a public URL on localhost', () => {
    const c = loadConfig({}, '/srv/glint');
    expect(c.port).toBe(3000);
    expect(c.databaseUrl).toBeUndefined();
    expect(c.dataDir).toBe('/srv/glint/data');
    expect(c.publicUrl).toBe('http://localhost:3000');
    expect(c.seed).toBe('demo');
  });

  it('honours PORT, PUBLIC_URL, DATABASE_URL, DATA_DIR and SEED', () => {
    const c = loadConfig(
      {
        PORT: '4100',
        PUBLIC_URL: 'https://glint.example/',
        DATABASE_URL: 'postgres://x@y/z',
        DATA_DIR: '/var/glint',
        SEED: 'none',
        SESSION_SECRET: 's'.repeat(32),
      },
      '/srv',
    );
    expect(c).toMatchObject({ port: 4100, publicUrl: 'https://glint.example', databaseUrl: 'postgres://x@y/z', dataDir: '/var/glint', seed: 'none' });
  });

  it('keeps uploads and live media under DATA_DIR unless UPLOADS_DIR and LIVE_DIR name shared folders', () => {
    expect(loadConfig({ DATA_DIR: '/var/glint' }, '/srv')).toMatchObject({ uploadsDir: '/var/glint/uploads', liveDir: '/var/glint/live' });
    expect(loadConfig({ DATA_DIR: '/var/glint', UPLOADS_DIR: '/mnt/shared/uploads', LIVE_DIR: 'shared/live' }, '/srv')).toMatchObject({
      uploadsDir: '/mnt/shared/uploads',
      liveDir: '/srv/shared/live',
    });
  });

  it('names the instance by its host and data folder unless INSTANCE_NAME says', () => {
    expect(loadConfig({ DATA_DIR: '/var/glint' }, '/srv').instanceName).toMatch(/:\/var\/glint$/);
    expect(loadConfig({ INSTANCE_NAME: 'ingest-1' }, '/srv').instanceName).toBe('ingest-1');
  });

  it('refuses to start in production without a session secret', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(ConfigError);
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/SESSION_SECRET is required/);
    expect(loadConfig({ NODE_ENV: 'production', SESSION_SECRET: 'x'.repeat(32) }).sessionSecret).toBe('x'.repeat(32));
  });

  it('names each bad setting', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadConfig({ SESSION_SECRET: 'short' })).toThrow(/at least 32 characters/);
    expect(() => loadConfig({ SEED: 'lots' })).toThrow(/SEED/);
  });

  it('reads the live ladder as heights, tallest first, and refuses sizes it cannot make', () => {
    expect(loadConfig({}).live.ladder).toEqual([]);
    expect(loadConfig({ LIVE_LADDER: ' 360, 480,360 ' }).live.ladder).toEqual([480, 360]);
    expect(() => loadConfig({ LIVE_LADDER: '720' })).toThrow(/LIVE_LADDER/);
    expect(() => loadConfig({ LIVE_LADDER: 'hd' })).toThrow(/LIVE_LADDER/);
    expect(() => loadConfig({ LIVE_LADDER: '100' })).toThrow(/LIVE_LADDER/);
  });
});
