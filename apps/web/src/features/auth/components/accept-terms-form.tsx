import { CANCELED_DATA_RETENTION_DAYS, TERMS_VERSION } from '@grouptrack/domain';
import { Alert, Anchor, Button, List, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { formatErrorMessage } from '../../../lib/api-client';
import { useAcceptTerms } from '../api/accept-terms';

const TERMS_SUMMARY = [
  'Your contacts, notes and messages stay yours. We process them only to run GroupTrack for your team.',
  'You use GroupTrack and its browser extension within the rules of each social platform, and message only people who expect to hear from you.',
  `Your subscription renews each billing period until you cancel it. A canceled team's data is kept for ${CANCELED_DATA_RETENTION_DAYS} days, then deleted.`,
  'When these terms change, we ask you to accept the new version before you continue.',
];

export interface AcceptTermsFormProps {
  /** Runs once the terms are accepted. */
  onAccepted: () => void;
}

/** The summary of the current terms of service and the button to accept them. */
export function AcceptTermsForm({ onAccepted }: AcceptTermsFormProps) {
  const accept = useAcceptTerms();
  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        Terms of service, version {TERMS_VERSION}. In short:
      </Text>
      <List size="sm" spacing="xs">
        {TERMS_SUMMARY.map((line) => (
          <List.Item key={line}>{line}</List.Item>
        ))}
      </List>
      {accept.isError && (
        <Alert color="red" variant="light" title="Could not save your answer" role="alert">
          {formatErrorMessage(accept.error)}
        </Alert>
      )}
      <Button
        fullWidth
        loading={accept.isPending}
        onClick={() => accept.mutate(TERMS_VERSION, { onSuccess: onAccepted })}
      >
        Accept and continue
      </Button>
      <Text size="sm" ta="center" c="dimmed">
        Not now?{' '}
        <Anchor component={Link} to="/logout">
          Sign out
        </Anchor>
      </Text>
    </Stack>
  );
}
