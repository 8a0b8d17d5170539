import { createServer } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { AdapterError, type AdapterErrorCode } from '../adapter-error';
import { startFakeSmtpServer } from '../../testing/fake-smtp-server';
import { classifySmtpFailure, createSmtpChannel } from './smtp-channel';

const message = { to: 'ana@example.test', subject: 'Hello', text: 'Hello Ana.' };
const stops: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const stop of stops.splice(0)) await stop();
});

async function channelTo(script: Parameters<typeof startFakeSmtpServer>[0], login = false) {
  const server = await startFakeSmtpServer(script);
  stops.push(() => server.stop());
  const url = `${login ? server.urlWithLogin : server.url}?ignoreTLS=true`;
  return { server, channel: createSmtpChannel({ SMTP_URL: url, MAIL_FROM: 'team@grouptrack.test' })! };
}

/** The code of the AdapterError a call fails with. */
async function codeOf(call: Promise<unknown>): Promise<AdapterErrorCode> {
  const error: unknown = await call.then(
    () => null,
    (failure: unknown) => failure,
  );
  expect(error).toBeInstanceOf(AdapterError);
  return (error as AdapterError).code;
}

describe('classifySmtpFailure', () => {
  it.each([
    ['a lost connection', { code: 'ECONNECTION' }, 'temporary'],
    ['a timeout', { code: 'ETIMEDOUT' }, 'temporary'],
    ['a refused connection', { code: 'ESOCKET' }, 'temporary'],
    ['TLS trouble', { code: 'ETLS' }, 'temporary'],
    ['a server busy (421)', { code: 'EPROTOCOL', responseCode: 421 }, 'temporary'],
    ['a mailbox busy (450)', { code: 'EENVELOPE', responseCode: 450 }, 'temporary'],
    ['a login refused for now (454)', { code: 'EAUTH', responseCode: 454 }, 'temporary'],
    ['a login refused (535)', { code: 'EAUTH', responseCode: 535 }, 'auth'],
    ['a login required (530)', { code: 'EENVELOPE', responseCode: 530 }, 'auth'],
    ['missing credentials', { code: 'ENOAUTH' }, 'auth'],
    ['an unknown recipient (550)', { code: 'EENVELOPE', responseCode: 550 }, 'invalid'],
    ['a bad address (553)', { code: 'EENVELOPE', responseCode: 553 }, 'invalid'],
    ['a refused message (554)', { code: 'EMESSAGE', responseCode: 554 }, 'invalid'],
    ['no recipients at all', { code: 'EENVELOPE' }, 'invalid'],
    ['an error nobody classified', new Error('something else'), 'temporary'],
    ['a thrown string', 'boom', 'temporary'],
  ] as const)('takes %s as %s', (_case, error, code) => {
    expect(classifySmtpFailure(error)).toBe(code);
  });
});

describe('the SMTP channel', () => {
  it('is off without SMTP_URL', () => {
    expect(createSmtpChannel({ SMTP_URL: undefined, MAIL_FROM: 'team@grouptrack.test' })).toBeNull();
  });

  it('sends a mail the server accepts, and its connection test passes', async () => {
    const { server, channel } = await channelTo({}, true);
    await channel.send(message);
    await channel.testConnection();
    expect(server.received.length).toBe(1);
  });

  it('refuses for good a login the server refuses', async () => {
    const { channel } = await channelTo({ auth: '535 5.7.8 bad credentials' }, true);
    expect(await codeOf(channel.send(message))).toBe('auth');
    expect(await codeOf(channel.testConnection())).toBe('auth');
  });

  it('refuses for good a recipient the server refuses, and retries one it defers', async () => {
    const refused = await channelTo({ rcpt: '550 5.1.1 no such user' });
    expect(await codeOf(refused.channel.send(message))).toBe('invalid');
    const deferred = await channelTo({ rcpt: '451 4.3.0 try again later' });
    expect(await codeOf(deferred.channel.send(message))).toBe('temporary');
  });

  it('retries when the server cannot be reached', async () => {
    // A port that was free a moment ago: the connection is refused at once.
    const probe = createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    const { port } = probe.address() as { port: number };
    await new Promise<void>((resolve) => probe.close(() => resolve()));
    const channel = createSmtpChannel({
      SMTP_URL: `smtp://127.0.0.1:${port}`,
      MAIL_FROM: 'team@grouptrack.test',
    })!;
    expect(await codeOf(channel.send(message))).toBe('temporary');
  });
});
