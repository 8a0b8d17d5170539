import { describe, expect, it } from 'vitest';
import { ERROR_STATUS, MESSAGES, formatAppUpdated, formatFunctionCallError } from './messages';

describe('messages', () => {
  it.each([
    [MESSAGES.searchFailed, "Couldn't do the search"],
    [MESSAGES.notLoggedIn, 'User not logged in'],
    [MESSAGES.invalidToken, 'Unauthorized: Invalid token'],
    [MESSAGES.somethingWentWrong, 'Something went wrong'],
    [
      MESSAGES.extensionNotInstalled,
      'GroupTrack Extension is not installed. Automations and Message Queue will not start.',
    ],
    [
      MESSAGES.extensionNotLoggedIn,
      'GroupTrack Extension is not logged in. Automations and Message Queue will not start.',
    ],
    [MESSAGES.wrongWebAddress, 'Wrong Web Address!'],
    [MESSAGES.expectedString, 'Expected a string'],
    [MESSAGES.expectedRgb, 'Expected 3 numbers below 256 (and optionally one below 100)'],
    [ERROR_STATUS.failedSearch, 'failed-search'],
    [ERROR_STATUS.permissionDenied, 'permission-denied'],
    [ERROR_STATUS.badResponse, 'bad-response'],
  ])('quotes SPEC §8 word for word: %s', (actual, expected) => {
    expect(actual).toBe(expected);
  });

  it.each([
    {
      format: () => formatFunctionCallError('v2-auth-generateCFToken'),
      expected: 'Error calling function v2-auth-generateCFToken',
    },
    {
      format: () => formatAppUpdated('2.4.1'),
      expected: 'GroupTrack has been updated to version 2.4.1. Please refresh your browser.',
    },
  ])('fills the SPEC §8 templates: $expected', ({ format, expected }) => {
    expect(format()).toBe(expected);
  });
});
