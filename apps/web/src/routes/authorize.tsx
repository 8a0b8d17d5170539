import { Alert, Anchor, Button, Stack, Text } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { Link, useSearchParams } from 'react-router';
import { AuthCard } from '../components/auth-card';
import { FullPageLoader } from '../components/full-page-loader';
import { authorizeExtension, authorizeSso, buildPlainSsoLink } from '../features/auth';
import { formatErrorMessage, isApiError } from '../lib/api-client';
import { postToExtension } from '../lib/extension-bridge';
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
    mutationFn: authorizeExtension,
    meta: { isErrorShownInline: true },
    onSuccess: ({ code }) => postToExtension({ type: 'log_in', code }),
  });
  const { mutate } = authorize;
  useRunOnce(mutate);

  if (authorize.isSuccess) {
    return (
      <AuthCard title="Extension connected">
        <Alert color="teal" variant="light" role="status">
          The extension is signed in. You can close this tab.
        </Alert>
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
          <Button onClick={() => mutate()} loading={authorize.isPending}>
            Try again
          </Button>
        </Stack>
      </AuthCard>
    );
  }
  return <FullPageLoader label="Signing in the extension…" />;
}

function isClientError(error: unknown): boolean {
  return isApiError(error) && error.status >= 400 && error.status < 500;
}
