import { TERMS_VERSION, emailSchema, passwordSchema, personNameSchema } from '@grouptrack/domain';
import { Alert, Anchor, Button, Checkbox, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import type { FormEvent } from 'react';
import { Link } from 'react-router';
import { formatErrorMessage } from '../../../lib/api-client';
import { requiredCheckSchema, validateFields } from '../../../lib/validate';
import type { FieldErrors } from '../../../lib/validate';
import { acceptTerms } from '../api/accept-terms';
import { signUpWithEmail } from '../api/sign-up';
import type { SignUpInput } from '../api/sign-up';

interface SignUpValues extends SignUpInput {
  termsAccepted: true;
}

const signUpSchemas = {
  name: personNameSchema,
  email: emailSchema,
  password: passwordSchema,
  termsAccepted: requiredCheckSchema('Accept the terms of service to create an account.'),
};

export interface SignUpFormProps {
  signInPath: string;
  defaultEmail?: string;
  /** Runs once the account exists and the terms are accepted, e.g. to accept an invitation and move on. */
  onSignedUp: () => Promise<void>;
}

/** Creates an account: name, email, password and the terms of service. */
export function SignUpForm({ signInPath, defaultEmail = '', onSignedUp }: SignUpFormProps) {
  const [name, setName] = useState('');
  const [email, setEmail] = useState(defaultEmail);
  const [password, setPassword] = useState('');
  const [termsAccepted, setTermsAccepted] = useState(false);
  const [errors, setErrors] = useState<FieldErrors<keyof SignUpValues>>({});
  // Once the account exists a retry must not create it again; it finishes the remaining steps.
  const hasAccount = useRef(false);
  const signUp = useMutation({
    meta: { isErrorShownInline: true },
    mutationFn: async ({ termsAccepted: _accepted, ...input }: SignUpValues) => {
      if (!hasAccount.current) {
        await signUpWithEmail(input);
        hasAccount.current = true;
      }
      await acceptTerms(TERMS_VERSION);
      await onSignedUp();
    },
  });

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const result = validateFields<SignUpValues>(signUpSchemas, { name, email, password, termsAccepted });
    setErrors(result.ok ? {} : result.errors);
    if (result.ok) signUp.mutate(result.values);
  };

  return (
    <form onSubmit={handleSubmit} noValidate>
      <Stack gap="md">
        {signUp.isError && (
          <Alert color="red" variant="light" title="Could not create your account" role="alert">
            {formatErrorMessage(signUp.error)}
          </Alert>
        )}
        <TextInput
          label="Name"
          autoComplete="name"
          placeholder="Your full name"
          value={name}
          onChange={(event) => setName(event.currentTarget.value)}
          error={errors.name}
          required
        />
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
        <PasswordInput
          label="Password"
          autoComplete="new-password"
          description="At least 8 characters"
          value={password}
          onChange={(event) => setPassword(event.currentTarget.value)}
          error={errors.password}
          required
        />
        <Checkbox
          label="I accept the terms of service"
          checked={termsAccepted}
          onChange={(event) => setTermsAccepted(event.currentTarget.checked)}
          error={errors.termsAccepted}
        />
        <Button type="submit" fullWidth loading={signUp.isPending}>
          Create account
        </Button>
        <Text size="sm" ta="center" c="dimmed">
          Already have an account?{' '}
          <Anchor component={Link} to={signInPath} fw={500}>
            Sign in
          </Anchor>
        </Text>
      </Stack>
    </form>
  );
}
