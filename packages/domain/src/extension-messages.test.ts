import { describe, expect, it } from 'vitest';
import {
  EXTENSION_MESSAGE_TYPES,
  isCheckExtensionResult,
  isExtensionMessage,
  isSendQueueItemResult,
  isWaitABitResult,
  isFrameApiPath,
  isFrameMessage,
  isFrameRequest,
  isLogInResult,
  isReadPostResult,
  isReplyToCommentResult,
  unreachableMessage,
} from './extension-messages';

describe('isCheckExtensionResult', () => {
  it.each([
    {
      name: 'accepts a signed-in extension',
      value: { type: 'check_extension_result', status: 'ok' },
      expected: true,
    },
    {
      name: 'accepts an extension without a session',
      value: { type: 'check_extension_result', status: 'not_logged_in' },
      expected: true,
    },
    {
      name: 'refuses an unknown status',
      value: { type: 'check_extension_result', status: 'not_installed' },
      expected: false,
    },
    {
      name: 'accepts a signed-in answer with version and user',
      value: {
        type: 'check_extension_result',
        status: 'ok',
        version: '0.1.0',
        user: { id: 'u1', name: 'Ada', email: 'ada@example.com' },
      },
      expected: true,
    },
    {
      name: 'refuses a user without an email',
      value: { type: 'check_extension_result', status: 'ok', user: { id: 'u1', name: 'Ada' } },
      expected: false,
    },
    {
      name: 'refuses a version that is not text',
      value: { type: 'check_extension_result', status: 'ok', version: 1 },
      expected: false,
    },
    { name: 'refuses an answer without status', value: { type: 'check_extension_result' }, expected: false },
    { name: 'refuses our own question echoed back', value: { type: 'check_extension' }, expected: false },
    { name: 'refuses a string', value: 'check_extension_result', expected: false },
    { name: 'refuses null', value: null, expected: false },
  ])('$name', ({ value, expected }) => {
    expect(isCheckExtensionResult(value)).toBe(expected);
  });
});

const SEND = {
  type: 'send_queue_item',
  platform: 'facebook',
  leaseId: 'lease-1',
  leaseUntil: '2026-11-24T10:02:00.000Z',
  checkThreadFirst: false,
  itemId: 'item-1',
  text: 'Hi Ana',
  profile: { profileId: '100000000000001', username: null, url: null },
};

describe('isSendQueueItemResult', () => {
  it.each([
    [{ type: 'send_queue_item_result', leaseId: 'l', outcome: 'sent', reason: null }, true],
    [
      { type: 'send_queue_item_result', leaseId: 'l', outcome: 'not-sent', reason: 'Held', holdUntil: 5 },
      true,
    ],
    [{ type: 'send_queue_item_result', leaseId: 'l', outcome: 'posted', reason: null }, false],
    [{ type: 'send_queue_item_result', outcome: 'sent', reason: null }, false],
    [{ ...SEND }, false],
  ])('tells the extension’s answer to a send from anything else: %j is %s', (value, expected) => {
    expect(isSendQueueItemResult(value)).toBe(expected);
  });
});

describe('isWaitABitResult', () => {
  it.each([
    [{ type: 'wait_a_bit_result', holdUntil: 1_764_000_000_000 }, true],
    [{ type: 'wait_a_bit_result' }, false],
    [{ type: 'wait_a_bit_result', holdUntil: 'soon' }, false],
    [{ type: 'wait_a_bit' }, false],
  ])('tells the extension’s answer to wait_a_bit from anything else: %j is %s', (value, expected) => {
    expect(isWaitABitResult(value)).toBe(expected);
  });
});

describe('isExtensionMessage', () => {
  it.each([
    { name: 'accepts check_extension', value: { type: 'check_extension' }, expected: true },
    { name: 'accepts wait_a_bit', value: { type: 'wait_a_bit' }, expected: true },
    { name: 'accepts log_in with a code', value: { type: 'log_in', code: 'abc123' }, expected: true },
    { name: 'refuses log_in without a code', value: { type: 'log_in', code: '' }, expected: false },
    {
      name: 'accepts open_queue_processor for a platform',
      value: { type: 'open_queue_processor', platform: 'facebook' },
      expected: true,
    },
    {
      name: 'refuses open_queue_processor for an unknown platform',
      value: { type: 'open_queue_processor', platform: 'myspace' },
      expected: false,
    },
    { name: 'accepts send_queue_item with its lease', value: SEND, expected: true },
    {
      name: 'refuses send_queue_item without a lease',
      value: { ...SEND, leaseId: '' },
      expected: false,
    },
    {
      name: 'refuses send_queue_item without a text',
      value: { ...SEND, text: '' },
      expected: false,
    },
    {
      name: 'refuses send_queue_item without a profile',
      value: { ...SEND, profile: null },
      expected: false,
    },
    { name: 'refuses an unknown type', value: { type: 'open_everything' }, expected: false },
    {
      name: 'refuses the extension’s answer',
      value: { type: 'check_extension_result', status: 'ok' },
      expected: false,
    },
    { name: 'refuses undefined', value: undefined, expected: false },
  ])('$name', ({ value, expected }) => {
    expect(isExtensionMessage(value)).toBe(expected);
  });

  it('names the four message types of SPEC §7, the processor tab’s send, and the Auto Responder’s two', () => {
    expect(EXTENSION_MESSAGE_TYPES).toEqual([
      'check_extension',
      'log_in',
      'open_queue_processor',
      'wait_a_bit',
      'send_queue_item',
      'read_post',
      'reply_to_comment',
    ]);
  });

  it.each([
    {
      name: 'accepts a post to read',
      value: {
        type: 'read_post',
        platform: 'facebook',
        permalinkURL: 'https://www.facebook.com/groups/g/posts/1',
      },
      expected: true,
    },
    {
      name: 'refuses a post with no address',
      value: { type: 'read_post', platform: 'facebook' },
      expected: false,
    },
    {
      name: 'accepts a reply to a comment',
      value: {
        type: 'reply_to_comment',
        platform: 'instagram',
        permalinkURL: 'https://www.instagram.com/p/abc/',
        commentId: 'c1',
        text: 'Sent you a message, Ana!',
      },
      expected: true,
    },
    {
      name: 'refuses a reply with no text',
      value: {
        type: 'reply_to_comment',
        platform: 'instagram',
        permalinkURL: 'https://x',
        commentId: 'c1',
        text: '',
      },
      expected: false,
    },
  ])('$name', ({ value, expected }) => {
    expect(isExtensionMessage(value)).toBe(expected);
  });

  it.each([
    { value: { type: 'read_post_result', outcome: 'read', reason: null, comments: [] }, expected: true },
    { value: { type: 'read_post_result', outcome: 'sent', reason: null, comments: [] }, expected: false },
    { value: { type: 'reply_to_comment_result', outcome: 'posted', reason: null }, expected: true },
    { value: { type: 'reply_to_comment_result', outcome: 'posted' }, expected: false },
  ])('tells the Auto Responder’s answers: $value.type $value.outcome → $expected', ({ value, expected }) => {
    expect(isReadPostResult(value) || isReplyToCommentResult(value)).toBe(expected);
  });
});

describe('isFrameApiPath', () => {
  it.each([
    { path: '/api/v1/me', expected: true },
    { path: '/api/v1/teams/t1/contacts?limit=10', expected: true },
    { path: '/search/v2', expected: true },
    { path: '/api/auth/sign-out', expected: false },
    { path: '/healthz', expected: false },
    { path: '/api', expected: false },
    { path: 'https://evil.example/api/v1/me', expected: false },
    { path: '//evil.example/api/v1/me', expected: false },
    { path: '/api//evil.example', expected: false },
    { path: '/api/../admin', expected: false },
    { path: '/api/%2e%2e/admin', expected: false },
    { path: '/api/v1/me#x', expected: false },
    { path: '/api/v1/%E0%A4%A', expected: false },
    { path: '/api/v1\\me', expected: false },
  ])('$path → $expected', ({ path, expected }) => {
    expect(isFrameApiPath(path)).toBe(expected);
  });
});

describe('isFrameRequest', () => {
  it.each([
    {
      name: 'a read',
      value: { type: 'gt_api_request', id: '1', method: 'GET', path: '/api/v1/me' },
      expected: true,
    },
    {
      name: 'a write with a body',
      value: { type: 'gt_api_request', id: '2', method: 'POST', path: '/search/v2', body: { a: 1 } },
      expected: true,
    },
    { name: 'a sign-out', value: { type: 'gt_sign_out' }, expected: true },
    {
      name: 'an unknown method',
      value: { type: 'gt_api_request', id: '1', method: 'TRACE', path: '/api/v1/me' },
      expected: false,
    },
    {
      name: 'a path outside the data API',
      value: { type: 'gt_api_request', id: '1', method: 'GET', path: '/api/auth/session' },
      expected: false,
    },
    { name: 'no id', value: { type: 'gt_api_request', method: 'GET', path: '/api/v1/me' }, expected: false },
    { name: 'a web app message', value: { type: 'check_extension' }, expected: false },
  ])('$name → $expected', ({ value, expected }) => {
    expect(isFrameRequest(value)).toBe(expected);
  });
});

describe('isFrameMessage', () => {
  it.each([
    { value: { type: 'gt_api_response', id: '1', status: 200, body: {} }, expected: true },
    {
      value: { type: 'gt_connection', state: 'unreachable', serverUrl: 'http://x', message: 'm' },
      expected: true,
    },
    { value: { type: 'gt_connection', state: 'asleep' }, expected: false },
    { value: { type: 'gt_api_response', id: 1, status: 200 }, expected: false },
  ])('$value → $expected', ({ value, expected }) => {
    expect(isFrameMessage(value)).toBe(expected);
  });
});

describe('unreachableMessage', () => {
  it('names the address', () => {
    expect(unreachableMessage('http://localhost:3000')).toBe(
      "Can't reach GroupTrack at http://localhost:3000",
    );
  });
});

describe('isLogInResult', () => {
  it.each([
    {
      value: {
        type: 'log_in_result',
        status: 'ok',
        user: { id: 'u1', name: 'Ada', email: 'ada@example.com' },
      },
      expected: true,
    },
    {
      value: { type: 'log_in_result', status: 'failed', message: 'This sign-in code has expired.' },
      expected: true,
    },
    { value: { type: 'log_in_result', status: 'ok' }, expected: false },
    { value: { type: 'log_in_result', status: 'failed' }, expected: false },
    { value: { type: 'log_in', code: 'abc' }, expected: false },
  ])('$value → $expected', ({ value, expected }) => {
    expect(isLogInResult(value)).toBe(expected);
  });
});
