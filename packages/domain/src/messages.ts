/** Every fixed user-facing message of SPEC §8, named once. */
export const MESSAGES = {
  searchFailed: "Couldn't do the search",
  notLoggedIn: 'User not logged in',
  invalidToken: 'Unauthorized: Invalid token',
  somethingWentWrong: 'Something went wrong',
  extensionNotInstalled:
    'GroupTrack Extension is not installed. Automations and Message Queue will not start.',
  extensionNotLoggedIn:
    'GroupTrack Extension is not logged in. Automations and Message Queue will not start.',
  wrongWebAddress: 'Wrong Web Address!',
  expectedString: 'Expected a string',
  expectedRgb: 'Expected 3 numbers below 256 (and optionally one below 100)',
} as const;

/** Status codes that go with the error messages of SPEC §8. */
export const ERROR_STATUS = {
  failedSearch: 'failed-search',
  permissionDenied: 'permission-denied',
  badResponse: 'bad-response',
} as const;

/** One of the error status codes of SPEC §8. */
export type ErrorStatus = (typeof ERROR_STATUS)[keyof typeof ERROR_STATUS];

/** Formats the message shown when a callable function fails. */
export function formatFunctionCallError(name: string): string {
  return `Error calling function ${name}`;
}

/** Formats the warning shown when the app version changes. */
export function formatAppUpdated(version: string): string {
  return `GroupTrack has been updated to version ${version}. Please refresh your browser.`;
}
