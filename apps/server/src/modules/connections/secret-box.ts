import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/** Seals connections' credentials for storage, and opens them for the sync worker. */
export interface SecretBox {
  seal(secrets: Record<string, string>): string;
  open(sealed: string): Record<string, string>;
}

const VERSION = 'v1';

/**
 * AES-256-GCM with a fresh 12-byte nonce per seal; the stored text is `v1.<nonce>.<tag>.<ciphertext>`
 * in base64url, so a changed byte fails to open instead of decrypting to something else. Without
 * SECRETS_KEY (development and tests: production refuses to start) the key is derived from
 * AUTH_SECRET, so restarts can still read what was stored.
 */
export function createSecretBox(options: { secretsKey?: string | undefined; authSecret: string }): SecretBox {
  const key = options.secretsKey
    ? Buffer.from(options.secretsKey, 'base64')
    : Buffer.from(hkdfSync('sha256', options.authSecret, 'grouptrack', 'connections-secrets', 32));
  return {
    seal(secrets) {
      const nonce = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, nonce);
      const body = Buffer.concat([cipher.update(JSON.stringify(secrets), 'utf8'), cipher.final()]);
      return [VERSION, nonce, cipher.getAuthTag(), body].map(encode).join('.');
    },
    open(sealed) {
      const [version, nonce, tag, body] = sealed.split('.');
      if (version !== VERSION || !nonce || !tag || body === undefined) {
        throw new Error('The stored credentials are not in a form this server can read.');
      }
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(nonce, 'base64url'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      try {
        const text = Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]);
        return JSON.parse(text.toString('utf8')) as Record<string, string>;
      } catch (error) {
        throw new Error('The stored credentials could not be opened: was SECRETS_KEY changed?', {
          cause: error,
        });
      }
    },
  };
}

function encode(part: string | Buffer): string {
  return typeof part === 'string' ? part : part.toString('base64url');
}
