import { Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useAiWriter } from '../api/use-ai-writer';
import { AiAnswer } from './ai-answer';

/**
 * AI help in a message box for one contact: the next best message (from their stage, answers and
 * history and the team's context), a message written from a prompt, or the current text polished in
 * my style. The answer streams in with a Stop button; "Use this text" puts it in the message box.
 */
export function AiComposer({
  teamUID,
  GTID,
  pipelineId,
  text,
  onUse,
}: {
  teamUID: string;
  GTID: string;
  pipelineId: string | null;
  /** The message box's text, which Polish works on. */
  text: string;
  onUse: (text: string) => void;
}) {
  const writer = useAiWriter(teamUID);
  const [prompting, setPrompting] = useState(false);
  const [prompt, setPrompt] = useState('');
  const place = pipelineId ? { pipelineID: pipelineId } : {};

  return (
    <Stack gap="xs">
      <Group gap="xs">
        <Text size="sm" fw={500}>
          Write with AI
        </Text>
        <Button
          size="compact-sm"
          variant="light"
          disabled={writer.writing}
          onClick={() => void writer.run('next-best-message', { teamUID, GTID, ...place })}
        >
          Next best message
        </Button>
        <Button
          size="compact-sm"
          variant="light"
          disabled={writer.writing}
          onClick={() => setPrompting(true)}
        >
          Write from a prompt
        </Button>
        <Button
          size="compact-sm"
          variant="light"
          disabled={writer.writing || !text.trim()}
          onClick={() => void writer.run('new-message-final', { teamUID, GTID, draft: text.trim() })}
        >
          Polish
        </Button>
      </Group>
      {prompting && (
        <form
          onSubmit={(event) => {
            event.preventDefault();
            if (prompt.trim())
              void writer.run('new-message-from-prompt', { teamUID, GTID, ...place, prompt: prompt.trim() });
          }}
        >
          <Group align="flex-end" gap="xs">
            <TextInput
              label="What should the message do?"
              placeholder="Invite them to Saturday's call"
              value={prompt}
              onChange={(event) => setPrompt(event.currentTarget.value)}
              maxLength={2000}
              style={{ flex: 1 }}
            />
            <Button type="submit" variant="default" disabled={!prompt.trim() || writer.writing}>
              Write
            </Button>
          </Group>
        </form>
      )}
      <AiAnswer label="AI suggestion" {...writer} onStop={writer.stop} />
      {writer.text && !writer.writing && !writer.error && (
        <Group>
          <Button size="compact-sm" variant="light" onClick={() => onUse(writer.text)}>
            Use this text
          </Button>
        </Group>
      )}
    </Stack>
  );
}
