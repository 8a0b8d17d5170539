import { emailSchema } from '@grouptrack/domain';
import { Alert, Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { Link } from 'react-router';
import { formatErrorMessage } from '../../../lib/api-client';
import { useFieldErrors, validateFields } from '../../../lib/validate';
import { useRequestPasswordReset } from '../api/request-password-reset';

export interface ForgotPasswordFormProps {
  signInPath: string;
}

/** Asks for a password reset mail. */
export function ForgotPasswordForm({ signInPath }: ForgotPasswordFormProps) {
  const [email, setEmail] = useState('');
  const requestReset = useRequestPasswordReset();
  const result = validateFields<{ email: string }>({ email: emailSchema }, { email });
  const [errors, showErrors] = useFieldErrors<'email'>(result.ok ? {} : result.errors);

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    showErrors(result.ok ? {} : result.errors);
    if (result.ok) requestReset.mutate(result.values.email);
  };

  const backToSignIn = (
    <Text size="sm" ta="center" c="dimmed">
      Remembered it?{' '}
      <Anchor component={Link} to={signInPath} fw={500}>
        Back to sign in
      </Anchor>
    </Text>
  );

  if (requestReset.isSuccess) {
    return (
      <Stack gap="md">
        <Alert color="teal" variant="light" title="Check your mail" role="status">
          If an account exists for {requestReset.variables}, we sent it a link to choose a new password. The
          link works for one hour.
        </Alert>
        {backToSignIn}
      </Stack>
    );
  }

  return (
    <form onSubmit={handleSubmit} noValidate>
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          Enter the email address of your account and we will send you a link to choose a new password.
        </Text>
        {requestReset.isError && (
          <Alert color="red" variant="light" title="Could not send the mail" role="alert">
            {formatErrorMessage(requestReset.error)}
          </Alert>
        )}
        <TextInput
          label="Email"
          type="email"
          autoComplete="email"
          placeholder="you@example.com"
          value={email}
          onChange={(event) => setEmail(event.currentTarget.value)}
          error={errors.email}
          required
        />
        <Button type="submit" fullWidth loading={requestReset.isPending}>
          Send reset link
        </Button>
        {backToSignIn}
      </Stack>
    </form>
  );
}
