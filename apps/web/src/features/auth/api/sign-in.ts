import { requestJson } from '../../../lib/api-client';

export interface SignInInput {
  email: string;
  password: string;
}

/** Signs in with email and password; the server sets the session cookie. */
export async function signInWithEmail(input: SignInInput): Promise<void> {
  await requestJson('/api/auth/sign-in/email', { method: 'POST', body: input });
}
