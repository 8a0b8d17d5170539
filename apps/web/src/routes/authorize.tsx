import { Alert, Anchor, Button, Stack, Text } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { Link, useSearchParams } from 'react-router';
import { AuthCard } from '../components/auth-card';
import { FullPageLoader } from '../components/full-page-loader';
import { authorizeExtension, authorizeSso, buildPlainSsoLink } from '../features/auth';
import { formatErrorMessage, isApiError } from '../lib/api-client';
import { EXTENSION_INSTALL_PATH, logInExtension } from '../lib/extension-bridge';
import { usePageTitle } from '../lib/page-title';

/** /authorize: hands the signed-in session to the marketing site (client=sso) or the extension (client=extension). */
export function AuthorizeRoute() {
  usePageTitle('Authorize');
  const [searchParams] = useSearchParams();
  const client = searchParams.get('client');
  if (client === 'sso') {
    const domain = searchParams.get('domain') ?? '';
    const redirectTo = searchParams.get('redirect_to');
    const plainLink = buildPlainSsoLink(domain, redirectTo);
    if (!plainLink) {
      return (
        <AuthCard title="This sign-in link is not valid">
          <Text size="sm">
            The website address in the link is not valid. Open the link again from the website.
          </Text>
        </AuthCard>
      );
    }
    return <AuthorizeSso domain={domain} redirectTo={redirectTo ?? '/'} plainLink={plainLink} />;
  }
  if (client === 'extension') return <AuthorizeExtension />;
  return (
    <AuthCard title="This sign-in link is incomplete">
      <Text size="sm">
        The link does not say which app should be signed in. Open it again from the GroupTrack extension or
        website.
      </Text>
      <Button component={Link} to="/">
        Go to GroupTrack
      </Button>
    </AuthCard>
  );
}

/** Runs a request once per visit, also under React's development double effects. */
function useRunOnce(run: () => void) {
  const hasRun = useRef(false);
  useEffect(() => {
    if (hasRun.current) return;
    hasRun.current = true;
    run();
  }, [run]);
}

interface AuthorizeSsoProps {
  domain: string;
  redirectTo: string;
  /** https://{domain}{redirect_to}, opened when signing fails (SPEC §8). */
  plainLink: string;
}

function AuthorizeSso({ domain, redirectTo, plainLink }: AuthorizeSsoProps) {
  const sso = useMutation({
    mutationFn: () => authorizeSso({ domain, redirect_to: redirectTo }),
    meta: { isErrorShownInline: true },
    onSuccess: ({ url }) => window.location.assign(url),
    onError: (error) => {
      // SPEC §8: when signing fails, open the plain link instead. A refusal (4xx) can mean the domain is
      // not ours, so the person then decides; only a server failure opens the link by itself.
      if (!isClientError(error)) window.location.assign(plainLink);
    },
  });
  const { mutate } = sso;
  useRunOnce(mutate);

  if (!sso.isError || !isClientError(sso.error))
    return <FullPageLoader label={`Signing you in to ${domain}…`} />;
  return (
    <AuthCard title={`Could not sign you in to ${domain}`}>
      <Alert color="orange" variant="light" role="alert">
        {formatErrorMessage(sso.error)}
      </Alert>
      <Text size="sm">
        You can still open the page without signing in:{' '}
        <Anchor href={plainLink} rel="noopener noreferrer">
          {plainLink}
        </Anchor>
      </Text>
    </AuthCard>
  );
}

function AuthorizeExtension() {
  const authorize = useMutation({
    // The code goes to the extension, which trades it with the server and says how that went.
    mutationFn: async () => logInExtension((await authorizeExtension()).code),
    meta: { isErrorShownInline: true },
  });
  const { mutate } = authorize;
  useRunOnce(mutate);

  const retry = (
    <Button onClick={() => mutate()} loading={authorize.isPending}>
      Try again
    </Button>
  );
  if (authorize.isSuccess && authorize.data?.status === 'ok') {
    const { user } = authorize.data;
    return (
      <AuthCard title="Extension connected">
        <Alert color="teal" variant="light" role="status">
          The extension is signed in. You can close this tab.
        </Alert>
        <Text size="sm">
          Signed in as {user.name} ({user.email}).
        </Text>
      </AuthCard>
    );
  }
  if (authorize.isSuccess) {
    const failure = authorize.data;
    return (
      <AuthCard title="Could not sign in the extension">
        <Stack gap="md">
          <Alert color="red" variant="light" role="alert">
            {failure?.status === 'failed'
              ? failure.message
              : 'The GroupTrack extension did not answer. Check that it is installed and turned on in this browser.'}
          </Alert>
          {!failure && (
            <Anchor component={Link} to={EXTENSION_INSTALL_PATH} size="sm">
              How to install the extension
            </Anchor>
          )}
          {retry}
        </Stack>
      </AuthCard>
    );
  }
  if (authorize.isError) {
    return (
      <AuthCard title="Could not sign in the extension">
        <Stack gap="md">
          <Alert color="red" variant="light" role="alert">
            {formatErrorMessage(authorize.error)}
          </Alert>
          {retry}
        </Stack>
      </AuthCard>
    );
  }
  return <FullPageLoader label="Signing in the extension…" />;
}

function isClientError(error: unknown): boolean {
  return isApiError(error) && error.status >= 400 && error.status < 500;
}
