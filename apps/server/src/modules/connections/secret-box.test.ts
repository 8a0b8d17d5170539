import { describe, expect, it } from 'vitest';
import { createSecretBox } from './secret-box';

const key = Buffer.alloc(32, 3).toString('base64');

describe('createSecretBox', () => {
  it('opens what it sealed, and the sealed text shows none of it', () => {
    const box = createSecretBox({ secretsKey: key, authSecret: 'unused' });
    const sealed = box.seal({ token: 'pit-0123456789abcdef' });
    expect(sealed).not.toContain('pit-0123456789abcdef');
    expect(box.open(sealed)).toEqual({ token: 'pit-0123456789abcdef' });
  });

  it('seals the same secrets differently each time (a fresh nonce)', () => {
    const box = createSecretBox({ secretsKey: key, authSecret: 'unused' });
    expect(box.seal({ a: 'b' })).not.toBe(box.seal({ a: 'b' }));
  });

  it('refuses a sealed text with a changed byte, and one sealed under another key', () => {
    const box = createSecretBox({ secretsKey: key, authSecret: 'unused' });
    const sealed = box.seal({ token: 'secret' });
    const parts = sealed.split('.');
    const body = Buffer.from(parts[3]!, 'base64url');
    body[0] = body[0]! ^ 1;
    const tampered = [...parts.slice(0, 3), body.toString('base64url')].join('.');
    expect(() => box.open(tampered)).toThrow(/could not be opened: was SECRETS_KEY changed/);
    const other = createSecretBox({ secretsKey: Buffer.alloc(32, 4).toString('base64'), authSecret: 'x' });
    expect(() => other.open(sealed)).toThrow(/could not be opened/);
  });

  it('derives a stable key from AUTH_SECRET when no SECRETS_KEY is set', () => {
    const first = createSecretBox({ authSecret: 'grouptrack-development-secret-change-me-0123456789' });
    const again = createSecretBox({ authSecret: 'grouptrack-development-secret-change-me-0123456789' });
    expect(again.open(first.seal({ apiKey: 'k' }))).toEqual({ apiKey: 'k' });
  });
});
