import { TOAST_TIMEOUT_MS, passwordSchema } from '@grouptrack/domain';
import { Alert, Button, Group, Paper, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { formatErrorMessage } from '../../../lib/api-client';
import { sameValueSchema, useFieldErrors, validateFields } from '../../../lib/validate';
import type { FieldSchema } from '../../../lib/validate';
import { useSetPassword } from '../../auth';

interface PasswordValues {
  currentPassword: string;
  newPassword: string;
  confirmPassword: string;
}

const currentPasswordSchema: FieldSchema<string> = {
  safeParse: (value) =>
    typeof value === 'string' && value !== ''
      ? { success: true, data: value }
      : { success: false, error: { issues: [{ message: 'Enter your current password.' }] } },
};

const notNeededSchema: FieldSchema<string> = { safeParse: () => ({ success: true, data: '' }) };

export interface PasswordFormProps {
  /** Whether the user has a password; one who signed in another way sets a first one without it. */
  passwordSet: boolean;
}

/** Changes the password, or sets a first one. */
export function PasswordForm({ passwordSet }: PasswordFormProps) {
  const [currentPassword, setCurrentPassword] = useState('');
  const [newPassword, setNewPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const setPassword = useSetPassword();
  const title = passwordSet ? 'Change password' : 'Set a password';
  // The confirmation is checked against the password as it is now, so its error clears once the two match.
  const result = validateFields<PasswordValues>(
    {
      currentPassword: passwordSet ? currentPasswordSchema : notNeededSchema,
      newPassword: passwordSchema,
      confirmPassword: sameValueSchema(newPassword, 'The two passwords do not match.'),
    },
    { currentPassword, newPassword, confirmPassword },
  );
  const [errors, showErrors] = useFieldErrors<keyof PasswordValues>(result.ok ? {} : result.errors);

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    showErrors(result.ok ? {} : result.errors);
    if (!result.ok) return;
    setPassword.mutate(
      {
        newPassword: result.values.newPassword,
        ...(passwordSet && { currentPassword: result.values.currentPassword }),
      },
      {
        onSuccess: () => {
          setCurrentPassword('');
          setNewPassword('');
          setConfirmPassword('');
          notifications.show({
            color: 'teal',
            title: passwordSet ? 'Password changed' : 'Password set',
            message: 'Use your new password the next time you sign in.',
            autoClose: TOAST_TIMEOUT_MS,
          });
        },
      },
    );
  };

  return (
    <Paper withBorder radius="md" p="lg">
      <form onSubmit={handleSubmit} noValidate aria-labelledby="password-form-title">
        <Stack gap="md" maw={420}>
          <Stack gap={4}>
            <Title order={2} size="h4" id="password-form-title">
              {title}
            </Title>
            {!passwordSet && (
              <Text size="sm" c="dimmed">
                You signed in without a password. Set one to sign in with your email too.
              </Text>
            )}
          </Stack>
          {setPassword.isError && (
            <Alert color="red" variant="light" title="Could not save the password" role="alert">
              {formatErrorMessage(setPassword.error)}
            </Alert>
          )}
          {passwordSet && (
            <PasswordInput
              label="Current password"
              autoComplete="current-password"
              value={currentPassword}
              onChange={(event) => setCurrentPassword(event.currentTarget.value)}
              error={errors.currentPassword}
              required
            />
          )}
          <PasswordInput
            label="New password"
            description="At least 8 characters"
            autoComplete="new-password"
            value={newPassword}
            onChange={(event) => setNewPassword(event.currentTarget.value)}
            error={errors.newPassword}
            required
          />
          <PasswordInput
            label="Confirm new password"
            autoComplete="new-password"
            value={confirmPassword}
            onChange={(event) => setConfirmPassword(event.currentTarget.value)}
            error={errors.confirmPassword}
            required
          />
          <Group>
            <Button type="submit" loading={setPassword.isPending}>
              {title}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
