import {
  TEAM_NAME_MAX_LENGTH,
  TERMS_VERSION,
  emailSchema,
  passwordSchema,
  personNameSchema,
} from '@grouptrack/domain';
import { Alert, Anchor, Button, Checkbox, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import type { FormEvent } from 'react';
import { Link } from 'react-router';
import { z } from 'zod';
import { formatErrorMessage } from '../../../lib/api-client';
import { useAppConfig } from '../../../lib/app-config';
import { requiredCheckSchema, useFieldErrors, validateFields } from '../../../lib/validate';
import { acceptTerms } from '../api/accept-terms';
import { signUpWithEmail } from '../api/sign-up';
import type { SignUpInput } from '../api/sign-up';

interface AccountValues {
  name: string;
  email: string;
  password: string;
  termsAccepted: true;
}

interface SignUpValues extends AccountValues {
  teamName: string;
}

const teamNameSchema = z
  .string()
  .trim()
  .min(1, { error: 'Enter the name of your community or team.' })
  .max(TEAM_NAME_MAX_LENGTH, {
    error: `A community or team name can be at most ${TEAM_NAME_MAX_LENGTH} characters.`,
  });

const accountSchemas = {
  name: personNameSchema,
  email: emailSchema,
  password: passwordSchema,
  termsAccepted: requiredCheckSchema('Accept the terms of service to create an account.'),
};

/** Someone following an invitation joins that team, so only a new account's own team is named. */
const newTeamSchemas = { ...accountSchemas, teamName: teamNameSchema };

export interface SignUpFormProps {
  signInPath: string;
  defaultEmail?: string;
  /** The invitation being followed: no community name is asked, the account joins that team. */
  inviteCode?: string | undefined;
  /** Runs once the account exists and the terms are accepted, e.g. to accept an invitation and move on. */
  onSignedUp: () => Promise<void>;
}

/** Creates an account: name, email, password and the terms of service. */
export function SignUpForm({ signInPath, defaultEmail = '', inviteCode, onSignedUp }: SignUpFormProps) {
  const [name, setName] = useState('');
  const [teamName, setTeamName] = useState('');
  const termsUrl = useAppConfig().data?.termsUrl;
  const [email, setEmail] = useState(defaultEmail);
  const [password, setPassword] = useState('');
  const [termsAccepted, setTermsAccepted] = useState(false);
  // Once the account exists a retry must not create it again; it finishes the remaining steps.
  const hasAccount = useRef(false);
  const signUp = useMutation({
    meta: { isErrorShownInline: true },
    mutationFn: async ({ termsAccepted: _accepted, ...input }: AccountValues & SignUpInput) => {
      if (!hasAccount.current) {
        await signUpWithEmail(input);
        hasAccount.current = true;
      }
      await acceptTerms(TERMS_VERSION);
      await onSignedUp();
    },
  });

  const account = { name, email, password, termsAccepted };
  const result = inviteCode
    ? validateFields<AccountValues>(accountSchemas, account)
    : validateFields<SignUpValues>(newTeamSchemas, { ...account, teamName });
  const [errors, showErrors] = useFieldErrors<keyof SignUpValues>(result.ok ? {} : result.errors);

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    showErrors(result.ok ? {} : result.errors);
    if (result.ok) signUp.mutate(inviteCode ? { ...result.values, inviteCode } : result.values);
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
        {!inviteCode && (
          <TextInput
            label="Community or team name"
            description="The group you work with; you can rename it later"
            autoComplete="organization"
            placeholder="e.g. Yoga Circle"
            value={teamName}
            onChange={(event) => setTeamName(event.currentTarget.value)}
            error={errors.teamName}
            maxLength={TEAM_NAME_MAX_LENGTH}
            required
          />
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
          label={
            termsUrl ? (
              <>
                I accept the{' '}
                <Anchor href={termsUrl} target="_blank" rel="noopener noreferrer" inherit>
                  terms of service
                </Anchor>
              </>
            ) : (
              'I accept the terms of service'
            )
          }
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
