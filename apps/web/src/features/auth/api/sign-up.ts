import { requestJson } from '../../../lib/api-client';

export interface SignUpInput {
  name: string;
  email: string;
  password: string;
  /** The community or team the account starts; absent when signing up to join an invitation's team. */
  teamName?: string;
  /** The invitation being followed: the account then makes no team of its own. */
  inviteCode?: string;
}

/** Creates an account and signs it in; the server sets the session cookie. */
export async function signUpWithEmail(input: SignUpInput): Promise<void> {
  await requestJson('/api/auth/sign-up/email', { method: 'POST', body: input });
}
