import { Alert, Text } from '@mantine/core';
import type { ConnectionTest } from '@grouptrack/domain';

interface TestAnswerProps {
  /** What the system answered the test; null when it could not be asked. */
  answer: ConnectionTest | null;
  /** Why the test could not be made (a field missing, the connection gone). */
  problem: string | null;
  onClose?: () => void;
}

/**
 * What "Test connection" found, in the system's words: green when it answered well, red when not. The
 * lead-in is in the body's colour, as a light alert's coloured title reads too faint on its tint.
 */
export function TestAnswer({ answer, problem, onClose }: TestAnswerProps) {
  if (!answer && !problem) return null;
  const isOk = answer?.ok === true;
  const lead = answer
    ? isOk
      ? 'The connection works.'
      : 'The connection did not work.'
    : 'The connection could not be tested.';
  return (
    <Alert
      color={isOk ? 'green' : 'red'}
      role={isOk ? 'status' : 'alert'}
      withCloseButton={onClose !== undefined}
      closeButtonLabel="Close the test's answer"
      onClose={onClose}
    >
      <Text size="sm">
        <Text span fw={600} inherit>
          {lead}
        </Text>{' '}
        {answer?.message ?? problem}
      </Text>
    </Alert>
  );
}
