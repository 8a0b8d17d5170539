import { Alert, Badge, Button, Group, Paper, Stack, Text } from '@mantine/core';

/**
 * An AI answer as it is written: the text streaming in (read out politely to screen readers), a
 * Stop button while it is being written, a "Draft" badge when the offline writer composed it, and
 * the error in words.
 */
export function AiAnswer({
  label,
  text,
  writing,
  draft,
  error,
  onStop,
}: {
  label: string;
  text: string;
  writing: boolean;
  draft: boolean;
  error: string | null;
  onStop: () => void;
}) {
  if (!text && !writing && !error) return null;
  return (
    <Stack gap="xs">
      {error && (
        <Alert color="red" variant="light" title="No AI answer">
          {error}
        </Alert>
      )}
      {(text || writing) && (
        <Paper withBorder p="sm">
          <Group justify="space-between" mb={4}>
            <Group gap="xs">
              <Text fw={600} size="sm">
                {label}
              </Text>
              {draft && !writing && (
                <Badge
                  variant="outline"
                  color="var(--mantine-color-text)"
                  title="Written offline by rules, not by an AI model: read it before you use it"
                >
                  Draft
                </Badge>
              )}
            </Group>
            {writing && (
              <Button size="xs" variant="default" onClick={onStop}>
                Stop
              </Button>
            )}
          </Group>
          <Text
            size="sm"
            style={{ whiteSpace: 'pre-wrap' }}
            aria-live="polite"
            aria-busy={writing}
            data-testid="ai-answer"
          >
            {text || 'Writing…'}
          </Text>
        </Paper>
      )}
    </Stack>
  );
}
