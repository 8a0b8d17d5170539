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

  it('stops with a message naming each bad variable', () => {
    expect(() => loadConfig({ PORT: 'eighty', ROLE: 'both' })).toThrow(/PORT: .*\n\s+ROLE: /);
  });
});
