import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeSmsServer } from '../../testing/fake-sms-server';
import { AdapterError, type AdapterErrorCode } from '../adapter-error';
import { classifySmsStatus, createTwilioSmsChannel } from './twilio-sms-channel';

const settings = { SMS_ACCOUNT_SID: 'AC123', SMS_AUTH_TOKEN: 'secret-token', SMS_FROM: '+15550001111' };
const message = { to: '+14155550100', subject: '', text: 'Call Ana is due now.' };

/** The code of the AdapterError a call fails with. */
async function codeOf(call: Promise<unknown>): Promise<AdapterErrorCode> {
  const error: unknown = await call.then(
    () => null,
    (failure: unknown) => failure,
  );
  expect(error).toBeInstanceOf(AdapterError);
  return (error as AdapterError).code;
}

describe('classifySmsStatus', () => {
  it.each([
    [429, 'temporary'],
    [408, 'temporary'],
    [500, 'temporary'],
    [502, 'temporary'],
    [503, 'temporary'],
    [401, 'auth'],
    [403, 'auth'],
    [400, 'invalid'],
    [404, 'invalid'],
    [422, 'invalid'],
  ] as const)('takes an answer %i as %s', (status, code) => {
    expect(classifySmsStatus(status)).toBe(code);
  });
});

describe('the Twilio-compatible SMS channel', () => {
  let fake: Awaited<ReturnType<typeof startFakeSmsServer>>;
  /** A provider that answers every call with the status a test sets. */
  let answering: Server;
  let status = 200;
  let answeringUrl = '';
  beforeAll(async () => {
    fake = await startFakeSmsServer();
    answering = createServer((_request, response) => response.writeHead(status).end('{"message":"no"}'));
    await new Promise<void>((resolve) => answering.listen(0, '127.0.0.1', resolve));
    answeringUrl = `http://127.0.0.1:${(answering.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await fake.stop();
    await new Promise<void>((resolve) => answering.close(() => resolve()));
  });

  it('is off while a setting is missing', () => {
    expect(createTwilioSmsChannel({ ...settings, SMS_API_URL: undefined })).toBeNull();
  });

  it("sends through Twilio's Messages call, and retries an outage", async () => {
    const channel = createTwilioSmsChannel({ ...settings, SMS_API_URL: fake.url })!;
    fake.failNext(1);
    expect(await codeOf(channel.send(message))).toBe('temporary');
    await channel.send(message);
    expect(fake.received).toEqual([
      {
        path: '/2010-04-01/Accounts/AC123/Messages.json',
        authorization: `Basic ${Buffer.from('AC123:secret-token').toString('base64')}`,
        to: '+14155550100',
        from: '+15550001111',
        body: 'Call Ana is due now.',
      },
    ]);
  });

  it.each([
    [401, 'auth'],
    [403, 'auth'],
    [400, 'invalid'],
    [404, 'invalid'],
    [429, 'temporary'],
    [500, 'temporary'],
  ] as const)('takes a send answered %i as %s, and so its connection test', async (answer, code) => {
    status = answer;
    const channel = createTwilioSmsChannel({ ...settings, SMS_API_URL: answeringUrl })!;
    expect(await codeOf(channel.send(message))).toBe(code);
    expect(await codeOf(channel.testConnection())).toBe(code);
  });

  it('passes its connection test when the provider knows the account', async () => {
    status = 200;
    await createTwilioSmsChannel({ ...settings, SMS_API_URL: answeringUrl })!.testConnection();
  });

  it('retries when the provider cannot be reached', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const channel = createTwilioSmsChannel({ ...settings, SMS_API_URL: `http://127.0.0.1:${port}` })!;
    expect(await codeOf(channel.send(message))).toBe('temporary');
  });
});
