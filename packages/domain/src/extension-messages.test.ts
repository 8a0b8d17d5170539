import { describe, expect, it } from 'vitest';
import { EXTENSION_MESSAGE_TYPES, isCheckExtensionResult, isExtensionMessage } from './extension-messages';

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
    { name: 'refuses an answer without status', value: { type: 'check_extension_result' }, expected: false },
    { name: 'refuses our own question echoed back', value: { type: 'check_extension' }, expected: false },
    { name: 'refuses a string', value: 'check_extension_result', expected: false },
    { name: 'refuses null', value: null, expected: false },
  ])('$name', ({ value, expected }) => {
    expect(isCheckExtensionResult(value)).toBe(expected);
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

  it('names the four message types of SPEC §7', () => {
    expect(EXTENSION_MESSAGE_TYPES).toEqual([
      'check_extension',
      'log_in',
      'open_queue_processor',
      'wait_a_bit',
    ]);
  });
});
