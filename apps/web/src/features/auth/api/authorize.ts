import { requestData } from '../../../lib/api-client';

export interface AuthorizeSsoInput {
  domain: string;
  redirect_to: string;
}

/** Asks for a signed single sign-on address on the marketing site. */
export function authorizeSso(input: AuthorizeSsoInput): Promise<{ url: string }> {
  return requestData<{ url: string }>('/api/v1/authorize/sso', { method: 'POST', body: input });
}

/** Asks for a one-time code the extension exchanges for its own session (valid two minutes). */
export function authorizeExtension(): Promise<{ code: string; expiresAt: string }> {
  return requestData<{ code: string; expiresAt: string }>('/api/v1/authorize/extension', {
    method: 'POST',
    body: {},
  });
}
