import { requestData } from '../../../lib/api-client';

/** Records that the signed-in user accepted a version of the terms of service. */
export async function acceptTerms(termsVersion: string): Promise<void> {
  await requestData('/api/v1/me/accept-terms', { method: 'POST', body: { termsVersion } });
}
