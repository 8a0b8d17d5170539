import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';

describe('loadConfig', () => {
  it('falls back to the defaults, treating empty variables as unset', () => {
    const config = loadConfig({ DATABASE_URL: '', PORT: '' });
    expect(config).toMatchObject({ PORT: 3000, DATA_DIR: './data', ROLE: 'all', SEED_DEMO: true });
    expect(config.DATABASE_URL).toBeUndefined();
  });

  it('splits the shard list and the allowed single sign-on domains', () => {
    const config = loadConfig({
      TEAM_SHARD_URLS: 'memory://, postgres://h/s2 ',
      SSO_ALLOWED_DOMAINS: 'a.test,b.test',
    });
    expect(config.TEAM_SHARD_URLS).toEqual(['memory://', 'postgres://h/s2']);
    expect(config.SSO_ALLOWED_DOMAINS).toEqual(['a.test', 'b.test']);
  });

  it('serves the app at http://localhost:<PORT> when APP_URL is unset, so sign-up works on any port', () => {
    expect(loadConfig({ PORT: '4000' }).APP_URL).toBe('http://localhost:4000');
    expect(loadConfig({}).APP_URL).toBe('http://localhost:3000');
    expect(loadConfig({ PORT: '4000', APP_URL: 'https://crm.example.com' }).APP_URL).toBe(
      'https://crm.example.com',
    );
  });

  it('limits sign-in failures per address to five times the per-email limit unless told otherwise', () => {
    expect(loadConfig({ AUTH_SIGNIN_MAX_ATTEMPTS: '4' }).AUTH_SIGNIN_MAX_ATTEMPTS_PER_ADDRESS).toBe(20);
    expect(loadConfig({}).AUTH_SIGNIN_MAX_ATTEMPTS_PER_ADDRESS).toBe(50);
    expect(
      loadConfig({ AUTH_SIGNIN_MAX_ATTEMPTS_PER_ADDRESS: '7' }).AUTH_SIGNIN_MAX_ATTEMPTS_PER_ADDRESS,
    ).toBe(7);
  });

  it('reads TRUST_PROXY as yes or no, or the addresses of the proxies to believe', () => {
    expect(loadConfig({}).TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'true' }).TRUST_PROXY).toBe(true);
    expect(loadConfig({ TRUST_PROXY: 'no' }).TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'loopback, 10.0.0.0/8' }).TRUST_PROXY).toEqual([
      'loopback',
      '10.0.0.0/8',
    ]);
  });

  it('stops with a message naming each bad variable', () => {
    expect(() => loadConfig({ PORT: 'eighty', ROLE: 'both' })).toThrow(/PORT: .*\n\s+ROLE: /);
  });

  it('will not start in production without SECRETS_KEY, and names it', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/SECRETS_KEY: required in production/);
    const key = Buffer.alloc(32, 7).toString('base64');
    expect(loadConfig({ NODE_ENV: 'production', SECRETS_KEY: key }).SECRETS_KEY).toBe(key);
    expect(() => loadConfig({ SECRETS_KEY: 'short' })).toThrow(/SECRETS_KEY: 32 random bytes in base64/);
  });

  it('lets connections call private addresses only outside production, unless told', () => {
    const key = Buffer.alloc(32, 7).toString('base64');
    expect(loadConfig({}).CONNECTIONS_ALLOW_PRIVATE_ADDRESSES).toBe(true);
    expect(loadConfig({ NODE_ENV: 'production', SECRETS_KEY: key }).CONNECTIONS_ALLOW_PRIVATE_ADDRESSES).toBe(
      false,
    );
    expect(
      loadConfig({ NODE_ENV: 'production', SECRETS_KEY: key, CONNECTIONS_ALLOW_PRIVATE_ADDRESSES: 'true' })
        .CONNECTIONS_ALLOW_PRIVATE_ADDRESSES,
    ).toBe(true);
  });
});
