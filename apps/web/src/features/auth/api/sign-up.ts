import { requestJson } from '../../../lib/api-client';

export interface SignUpInput {
  name: string;
  email: string;
  password: string;
}

/** Creates an account and signs it in; the server sets the session cookie. */
export async function signUpWithEmail(input: SignUpInput): Promise<void> {
  await requestJson('/api/auth/sign-up/email', { method: 'POST', body: input });
}
