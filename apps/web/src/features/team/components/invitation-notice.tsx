import { Alert, Button, Group, Skeleton, Text } from '@mantine/core';
import { formatErrorMessage, isApiError } from '../../../lib/api-client';
import { formatRole } from '../../../components/role-badge';
import { useInvitationPreview } from '../api/get-invitation-preview';

export interface InvitationNoticeProps {
  inviteCode: string;
  isSignedIn?: boolean;
}

/** Tells a visitor which team their invite link joins, or why the link no longer works. */
export function InvitationNotice({ inviteCode, isSignedIn = false }: InvitationNoticeProps) {
  const preview = useInvitationPreview(inviteCode);
  if (preview.isPending) return <Skeleton height={54} radius="md" />;
  if (preview.isError) {
    const isFinal = isApiError(preview.error) && preview.error.status >= 400 && preview.error.status < 500;
    return (
      <Alert color={isFinal ? 'orange' : 'red'} variant="light" title="Invitation" role="alert">
        <Group justify="space-between" gap="sm" wrap="nowrap">
          <Text size="sm">{formatErrorMessage(preview.error)}</Text>
          {!isFinal && (
            <Button size="xs" variant="white" color="red" onClick={() => void preview.refetch()}>
              Try again
            </Button>
          )}
        </Group>
      </Alert>
    );
  }
  return (
    <Alert color="blue" variant="light" title={`You're invited to join ${preview.data.teamName}`}>
      <Text size="sm">
        {isSignedIn ? 'You will join' : 'Sign in or create an account to join'} as{' '}
        {formatRole(preview.data.role).toLowerCase()}.
      </Text>
    </Alert>
  );
}
