import { Button, Group, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { useState } from 'react';
import { useAiWriter } from '../api/use-ai-writer';
import { AiAnswer } from './ai-answer';

/**
 * Writes a message template with the AI in two steps: a goal becomes a prompt
 * (generate-message-template-prompt) that one may edit, and the prompt becomes a template
 * (generate-message-template). "Use this text" puts it in the template's message, where fields the
 * renderer does not know are shown and refused before saving.
 */
export function TemplateGenerator({ teamUID, onUse }: { teamUID: string; onUse: (text: string) => void }) {
  const [open, setOpen] = useState(false);
  const [goal, setGoal] = useState('');
  const [prompt, setPrompt] = useState('');
  const [unknown, setUnknown] = useState<string[]>([]);
  const promptWriter = useAiWriter(teamUID);
  const templateWriter = useAiWriter(teamUID);

  if (!open) {
    return (
      <Group>
        <Button variant="light" onClick={() => setOpen(true)}>
          Generate with AI
        </Button>
      </Group>
    );
  }

  async function writePrompt() {
    const answer = await promptWriter.run('generate-message-template-prompt', { teamUID, goal: goal.trim() });
    if (answer) setPrompt(answer.text);
  }

  async function writeTemplate() {
    setUnknown([]);
    const answer = await templateWriter.run('generate-message-template', { teamUID, prompt: prompt.trim() });
    if (answer) setUnknown(answer.unknownFields);
  }

  const done = templateWriter.text && !templateWriter.writing && !templateWriter.error;
  return (
    <Stack gap="xs" p="sm" bg="var(--mantine-color-default-hover)" style={{ borderRadius: 8 }}>
      <Text fw={600} size="sm">
        Generate with AI
      </Text>
      <Group align="flex-end">
        <TextInput
          label="Goal of the template"
          placeholder="Welcome new members and ask what they hope to get from the group"
          value={goal}
          onChange={(event) => setGoal(event.currentTarget.value)}
          maxLength={1000}
          style={{ flex: 1 }}
        />
        <Button
          variant="default"
          disabled={!goal.trim()}
          loading={promptWriter.writing}
          onClick={() => void writePrompt()}
        >
          Write a prompt
        </Button>
      </Group>
      {promptWriter.error && (
        <Text c="red" size="sm" role="alert">
          {promptWriter.error}
        </Text>
      )}
      <Textarea
        label="Prompt"
        description="What the AI is asked to write; change it as you like"
        value={promptWriter.writing ? promptWriter.text : prompt}
        onChange={(event) => setPrompt(event.currentTarget.value)}
        autosize
        minRows={2}
        maxLength={2000}
      />
      <Group>
        <Button
          disabled={!prompt.trim() || promptWriter.writing}
          loading={templateWriter.writing}
          onClick={() => void writeTemplate()}
        >
          Generate template
        </Button>
      </Group>
      <AiAnswer label="Generated template" {...templateWriter} onStop={templateWriter.stop} />
      {done && unknown.length > 0 && (
        <Text c="red" size="sm" role="alert">
          This template uses fields GroupTrack does not know:{' '}
          {unknown.map((field) => `{${field}}`).join(', ')}. Change them before saving.
        </Text>
      )}
      {done && (
        <Group>
          <Button variant="light" onClick={() => onUse(templateWriter.text)}>
            Use this text
          </Button>
        </Group>
      )}
    </Stack>
  );
}
