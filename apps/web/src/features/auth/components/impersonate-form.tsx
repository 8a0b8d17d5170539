import { emailSchema } from '@grouptrack/domain';
import { Alert, Button, Stack, TextInput, Textarea } from '@mantine/core';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { formatErrorMessage } from '../../../lib/api-client';
import { useFieldErrors, validateFields } from '../../../lib/validate';
import type { FieldSchema } from '../../../lib/validate';
import { useStartImpersonation } from '../api/impersonation';
import type { StartImpersonationInput } from '../api/impersonation';

const REASON_MIN_LENGTH = 3;
const REASON_MAX_LENGTH = 500;

const reasonSchema: FieldSchema<string> = {
  safeParse: (value) => {
    const reason = typeof value === 'string' ? value.trim() : '';
    if (reason.length < REASON_MIN_LENGTH) {
      return { success: false, error: { issues: [{ message: 'Say why you sign in as this user.' }] } };
    }
    if (reason.length > REASON_MAX_LENGTH) {
      return {
        success: false,
        error: { issues: [{ message: `Keep the reason under ${REASON_MAX_LENGTH} characters.` }] },
      };
    }
    return { success: true, data: reason };
  },
};

export interface ImpersonateFormProps {
  /** Runs once the session belongs to the other user. */
  onImpersonating: () => void;
}

/** A super user names the user to help and why; the server then signs them in as that user. */
export function ImpersonateForm({ onImpersonating }: ImpersonateFormProps) {
  const [email, setEmail] = useState('');
  const [reason, setReason] = useState('');
  const impersonate = useStartImpersonation();
  const result = validateFields<StartImpersonationInput>(
    { email: emailSchema, reason: reasonSchema },
    { email, reason },
  );
  const [errors, showErrors] = useFieldErrors<keyof StartImpersonationInput>(result.ok ? {} : result.errors);

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    showErrors(result.ok ? {} : result.errors);
    if (result.ok) impersonate.mutate(result.values, { onSuccess: onImpersonating });
  };

  return (
    <form onSubmit={handleSubmit} noValidate>
      <Stack gap="md">
        {impersonate.isError && (
          <Alert color="red" variant="light" title="Could not sign in as this user" role="alert">
            {formatErrorMessage(impersonate.error)}
          </Alert>
        )}
        <TextInput
          label="Email of the user to help"
          type="email"
          autoComplete="off"
          value={email}
          onChange={(event) => setEmail(event.currentTarget.value)}
          error={errors.email}
          required
          data-autofocus
        />
        <Textarea
          label="Reason"
          description="Kept with the record of this sign-in, e.g. the support ticket."
          autosize
          minRows={2}
          maxLength={REASON_MAX_LENGTH}
          value={reason}
          onChange={(event) => setReason(event.currentTarget.value)}
          error={errors.reason}
          required
        />
        <Button type="submit" fullWidth loading={impersonate.isPending}>
          Sign in as this user
        </Button>
      </Stack>
    </form>
  );
}
