import { Alert, Button, CopyButton, Group, Modal, Stack, Text, TextInput } from '@mantine/core';

interface SigningSecretModalProps {
  connectionName: string;
  secret: string;
  onClose: () => void;
}

/** A webhook's signing secret, the one time it is shown: when the webhook is added or its secret rotated. */
export function SigningSecretModal({ connectionName, secret, onClose }: SigningSecretModalProps) {
  return (
    <Modal
      opened
      onClose={onClose}
      title={`Signing secret of ${connectionName}`}
      closeButtonProps={{ 'aria-label': 'Close' }}
      size="lg"
    >
      <Stack>
        {/* The lead-in in the body's colour: a light alert's coloured title reads too faint on its tint. */}
        <Alert color="orange">
          <Text size="sm">
            <Text span fw={600} inherit>
              Copy it now: it will not be shown again.
            </Text>{' '}
            Your receiver checks each webhook&apos;s signature with this secret (Standard Webhooks headers
            webhook-id, webhook-timestamp and webhook-signature). Keep it where your receiver reads it.
          </Text>
        </Alert>
        <TextInput
          label="Signing secret"
          readOnly
          value={secret}
          onFocus={(event) => event.currentTarget.select()}
          styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
          rightSectionWidth={86}
          rightSection={
            <CopyButton value={secret} timeout={2000}>
              {({ copied, copy }) => (
                <Button
                  size="compact-sm"
                  variant={copied ? 'light' : 'filled'}
                  color={copied ? 'teal' : undefined}
                  onClick={copy}
                >
                  {copied ? 'Copied' : 'Copy'}
                </Button>
              )}
            </CopyButton>
          }
        />
        <Text size="sm" c="dimmed">
          Lost it? Rotate the secret from the connection&apos;s card: the old one keeps signing beside the new
          one for a day while your receiver switches over.
        </Text>
        <Group justify="flex-end">
          <Button onClick={onClose}>Done</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
