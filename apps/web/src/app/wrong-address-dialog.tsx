import { MESSAGES } from '@grouptrack/domain';
import { Button, Modal, Stack, Text } from '@mantine/core';

export interface WrongAddressDialogProps {
  /** The real address of the app. */
  appUrl: string;
}

/** Builds the address of the current page on the real app address. */
export function buildRealAddress(appUrl: string, path: string): string {
  try {
    return new URL(path, appUrl).toString();
  } catch {
    return appUrl;
  }
}

/** A dialog that cannot be closed, sending people from a hosting default domain to the real address (SPEC §2). */
export function WrongAddressDialog({ appUrl }: WrongAddressDialogProps) {
  const target = buildRealAddress(appUrl, window.location.pathname + window.location.search);
  const host = URL.canParse(target) ? new URL(target).host : target;
  return (
    <Modal
      opened
      onClose={() => undefined}
      title={MESSAGES.wrongWebAddress}
      withCloseButton={false}
      closeOnClickOutside={false}
      closeOnEscape={false}
      centered
    >
      <Stack gap="md">
        <Text size="sm">
          You opened GroupTrack on an address of our hosting provider. Sign-in, your saved links and the
          browser extension only work on GroupTrack’s own address, <strong>{host}</strong>.
        </Text>
        <Button component="a" href={target} fullWidth>
          Go to {host}
        </Button>
      </Stack>
    </Modal>
  );
}
