import { sanitizeNextPath } from '@grouptrack/domain';
import { Skeleton, Stack } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Navigate, useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import { AuthCard } from '../components/auth-card';
import {
  sessionQueryKey,
  useSession,
  ForgotPasswordForm,
  SignInForm,
  SignUpForm,
  SignedInNotice,
} from '../features/auth';
import {
  acceptInvitation,
  invitationPreviewQueryKey,
  useInvitationPreview,
  InvitationNotice,
} from '../features/team';
import { formatErrorMessage, isApiError } from '../lib/api-client';
import { clearPendingInviteCode, savePendingInviteCode } from '../lib/pending-invite';
import { usePageTitle } from '../lib/page-title';

const LOGIN_ACTIONS = ['signin', 'signup', 'forgot'] as const;
type LoginAction = (typeof LOGIN_ACTIONS)[number];

const TITLES: Record<LoginAction, { title: string; subtitle: string }> = {
  signin: { title: 'Sign in', subtitle: 'Welcome back. Sign in to work your leads.' },
  signup: { title: 'Create your account', subtitle: 'Start your free trial; no card needed.' },
  forgot: { title: 'Reset your password', subtitle: 'We will mail you a link.' },
};

function isLoginAction(value: string): value is LoginAction {
  return (LOGIN_ACTIONS as readonly string[]).includes(value);
}

const KEPT_QUERY_ROOTS = new Set<unknown>([sessionQueryKey[0], invitationPreviewQueryKey('')[0]]);

function isFinalError(error: unknown): boolean {
  return isApiError(error) && error.status >= 400 && error.status < 500;
}

// The person is signed in by now, so a refused invitation (e.g. no free seat) must not stop them.
async function joinInvitedTeam(inviteCode: string, teamName: string | undefined): Promise<void> {
  try {
    await acceptInvitation(inviteCode);
    clearPendingInviteCode();
  } catch (error) {
    notifications.show({
      color: 'red',
      title: teamName ? `Could not join ${teamName}` : 'Could not join the team',
      message: formatErrorMessage(error),
      autoClose: false,
    });
  }
}

/** /login/:action?/:inviteCode?: sign in, sign up or ask for a password reset, optionally joining a team. */
export function LoginRoute() {
  usePageTitle('Login');
  const { action = 'signin', inviteCode } = useParams();
  const [searchParams] = useSearchParams();
  const { search } = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const session = useSession();
  const invitation = useInvitationPreview(inviteCode);
  const nextPath = sanitizeNextPath(searchParams.get('next'));

  // A link the notice already reports as unusable is not tried again after signing in.
  const isInviteUsable = inviteCode !== undefined && !isFinalError(invitation.error);

  // Kept for this tab: if joining fails now, the route guard offers the team again (SPEC §4 step 5).
  useEffect(() => {
    if (!inviteCode) return;
    if (isInviteUsable) savePendingInviteCode(inviteCode);
    else clearPendingInviteCode();
  }, [inviteCode, isInviteUsable]);

  if (!isLoginAction(action)) return <Navigate to={{ pathname: '/login', search }} replace />;
  if (session.data && !isInviteUsable) return <Navigate to={nextPath} replace />;

  const pathOf = (mode: LoginAction) =>
    `/login/${mode}${inviteCode ? `/${encodeURIComponent(inviteCode)}` : ''}${search}`;

  const finish = async () => {
    if (inviteCode && isInviteUsable) await joinInvitedTeam(inviteCode, invitation.data?.teamName);
    // Whatever was cached (a signed-out answer, another account's data) is stale now; what this page
    // shows stays, so it does not flash while the next one loads.
    queryClient.removeQueries({ predicate: (query) => !KEPT_QUERY_ROOTS.has(query.queryKey[0]) });
    await navigate(nextPath, { replace: true });
  };

  const { title, subtitle } = TITLES[action];
  return (
    <AuthCard title={session.data ? 'Join the team' : title} subtitle={session.data ? undefined : subtitle}>
      {inviteCode && <InvitationNotice inviteCode={inviteCode} isSignedIn={!!session.data} />}
      {session.isPending ? (
        <Stack gap="md">
          <Skeleton height={60} />
          <Skeleton height={60} />
        </Stack>
      ) : session.data ? (
        <SignedInNotice session={session.data} continueLabel="Join and continue" onContinue={finish} />
      ) : action === 'signup' ? (
        <SignUpForm
          signInPath={pathOf('signin')}
          inviteCode={isInviteUsable ? inviteCode : undefined}
          onSignedUp={finish}
        />
      ) : action === 'forgot' ? (
        <ForgotPasswordForm signInPath={pathOf('signin')} />
      ) : (
        <SignInForm signUpPath={pathOf('signup')} forgotPath={pathOf('forgot')} onSignedIn={finish} />
      )}
    </AuthCard>
  );
}
