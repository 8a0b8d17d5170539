import { Alert, Anchor, Button, Stack, Text } from '@mantine/core';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { AuthCard } from '../components/auth-card';
import { FullPageLoader } from '../components/full-page-loader';
import { QueryError } from '../components/query-error';
import { useMe } from '../app/signed-in-user';
import { useResetPassword, useSetPassword, NewPasswordForm } from '../features/auth';
import { isApiError } from '../lib/api-client';
import { usePageTitle } from '../lib/page-title';

/** /password-reset: a new password from a reset mail (?token=), or the first one of a signed-in user (?initial=true). */
export function PasswordResetRoute() {
  usePageTitle('Password Reset');
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token');
  if (token) return <ResetWithToken token={token} />;
  if (searchParams.get('initial') === 'true') return <SetFirstPassword />;
  return (
    <AuthCard title="Reset your password">
      <Alert color="orange" variant="light" title="This link is not valid" role="alert">
        {searchParams.get('error')
          ? 'The reset link is invalid or has expired.'
          : 'The reset link is incomplete; open it again from the mail.'}{' '}
        Ask for a new one and use it within an hour.
      </Alert>
      <Button component={Link} to="/login/forgot">
        Ask for a new link
      </Button>
    </AuthCard>
  );
}

function ResetWithToken({ token }: { token: string }) {
  const reset = useResetPassword();
  if (reset.isSuccess) {
    return (
      <AuthCard title="Password changed">
        <Alert color="teal" variant="light" role="status">
          Your new password is saved. Sign in with it to continue.
        </Alert>
        <Button component={Link} to="/login">
          Sign in
        </Button>
      </AuthCard>
    );
  }
  return (
    <AuthCard title="Choose a new password" subtitle="You will sign in with it from now on.">
      <NewPasswordForm
        submitLabel="Save new password"
        isPending={reset.isPending}
        error={reset.error}
        onSubmit={(newPassword) => reset.mutate({ token, newPassword })}
      />
      <Text size="sm" ta="center" c="dimmed">
        Link expired?{' '}
        <Anchor component={Link} to="/login/forgot" fw={500}>
          Ask for a new one
        </Anchor>
      </Text>
    </AuthCard>
  );
}

function SetFirstPassword() {
  const me = useMe();
  const setPassword = useSetPassword();
  const navigate = useNavigate();
  if (me.isPending) return <FullPageLoader />;
  if (isApiError(me.error, 401)) {
    return <Navigate to={`/login?next=${encodeURIComponent('/password-reset?initial=true')}`} replace />;
  }
  if (me.isError) {
    return (
      <AuthCard title="Set your password">
        <QueryError
          title="Could not load your account"
          error={me.error}
          onRetry={() => void me.refetch()}
          isRetrying={me.isFetching}
        />
      </AuthCard>
    );
  }
  if (me.data.passwordSet) return <Navigate to="/" replace />;
  return (
    <AuthCard
      title="Set your password"
      subtitle={`Choose a password for ${me.data.email} to sign in with from now on.`}
    >
      <Stack gap="md">
        <NewPasswordForm
          submitLabel="Save password"
          isPending={setPassword.isPending}
          error={setPassword.error}
          onSubmit={(newPassword) =>
            setPassword.mutate({ newPassword }, { onSuccess: () => void navigate('/', { replace: true }) })
          }
        />
      </Stack>
    </AuthCard>
  );
}
