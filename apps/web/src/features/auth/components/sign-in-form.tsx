import { emailSchema } from '@grouptrack/domain';
import { Alert, Anchor, Button, Group, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { Link } from 'react-router';
import { formatErrorMessage } from '../../../lib/api-client';
import { useFieldErrors, validateFields } from '../../../lib/validate';
import type { FieldSchema } from '../../../lib/validate';
import { signInWithEmail } from '../api/sign-in';
import type { SignInInput } from '../api/sign-in';

const passwordEnteredSchema: FieldSchema<string> = {
  safeParse: (value) =>
    typeof value === 'string' && value !== ''
      ? { success: true, data: value }
      : { success: false, error: { issues: [{ message: 'Enter your password.' }] } },
};

export interface SignInFormProps {
  /** Where "Create an account" leads; without it the link is not shown (e.g. for operators). */
  signUpPath?: string;
  forgotPath: string;
  /** Runs once the session exists, e.g. to accept an invitation and move on. */
  onSignedIn: () => Promise<void>;
}

/** Email and password sign-in. */
export function SignInForm({ signUpPath, forgotPath, onSignedIn }: SignInFormProps) {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const signIn = useMutation({
    meta: { isErrorShownInline: true },
    mutationFn: async (input: SignInInput) => {
      await signInWithEmail(input);
      await onSignedIn();
    },
  });

  const result = validateFields<SignInInput>(
    { email: emailSchema, password: passwordEnteredSchema },
    { email, password },
  );
  const [errors, showErrors] = useFieldErrors<keyof SignInInput>(result.ok ? {} : result.errors);

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    showErrors(result.ok ? {} : result.errors);
    if (result.ok) signIn.mutate(result.values);
  };

  return (
    <form onSubmit={handleSubmit} noValidate>
      <Stack gap="md">
        {signIn.isError && (
          <Alert color="red" variant="light" title="Could not sign in" role="alert">
            {formatErrorMessage(signIn.error)}
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
          data-autofocus
        />
        <PasswordInput
          label="Password"
          autoComplete="current-password"
          value={password}
          onChange={(event) => setPassword(event.currentTarget.value)}
          error={errors.password}
          required
        />
        <Group justify="flex-end" mt={-8}>
          <Anchor component={Link} to={forgotPath} size="sm">
            Forgot password?
          </Anchor>
        </Group>
        <Button type="submit" fullWidth loading={signIn.isPending}>
          Sign in
        </Button>
        {signUpPath && (
          <Text size="sm" ta="center" c="dimmed">
            New to GroupTrack?{' '}
            <Anchor component={Link} to={signUpPath} fw={500}>
              Create an account
            </Anchor>
          </Text>
        )}
      </Stack>
    </form>
  );
}
