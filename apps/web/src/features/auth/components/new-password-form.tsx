import { passwordSchema } from '@grouptrack/domain';
import { Alert, Button, PasswordInput, Stack } from '@mantine/core';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { formatErrorMessage } from '../../../lib/api-client';
import { sameValueSchema, useFieldErrors, validateFields } from '../../../lib/validate';

interface NewPasswordValues {
  newPassword: string;
  confirmPassword: string;
}

export interface NewPasswordFormProps {
  submitLabel: string;
  isPending: boolean;
  error: unknown;
  onSubmit: (newPassword: string) => void;
}

/** A new password typed twice. */
export function NewPasswordForm({ submitLabel, isPending, error, onSubmit }: NewPasswordFormProps) {
  const [newPassword, setNewPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  // The confirmation is checked against the password as it is now, so its error clears once the two match.
  const result = validateFields<NewPasswordValues>(
    {
      newPassword: passwordSchema,
      confirmPassword: sameValueSchema(newPassword, 'The two passwords do not match.'),
    },
    { newPassword, confirmPassword },
  );
  const [errors, showErrors] = useFieldErrors<keyof NewPasswordValues>(result.ok ? {} : result.errors);

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    showErrors(result.ok ? {} : result.errors);
    if (result.ok) onSubmit(result.values.newPassword);
  };

  return (
    <form onSubmit={handleSubmit} noValidate>
      <Stack gap="md">
        {error !== null && error !== undefined && (
          <Alert color="red" variant="light" title="Could not save the password" role="alert">
            {formatErrorMessage(error)}
          </Alert>
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
        <Button type="submit" fullWidth loading={isPending}>
          {submitLabel}
        </Button>
      </Stack>
    </form>
  );
}
