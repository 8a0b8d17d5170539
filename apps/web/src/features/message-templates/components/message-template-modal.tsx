import {
  Autocomplete,
  Button,
  Group,
  Modal,
  SimpleGrid,
  Stack,
  TagsInput,
  Text,
  TextInput,
  Textarea,
  Title,
} from '@mantine/core';
import {
  TEMPLATE_FIELDS,
  TEMPLATE_FIELD_LABELS,
  answerField,
  findUnknownTemplateFields,
} from '@grouptrack/domain';
import { useId, useRef, useState } from 'react';
import type { FormEvent } from 'react';
import type { MessageTemplate } from '../api/message-templates';
import { useSaveMessageTemplate } from '../api/message-templates';
import { describeUnknownFields, insertField, listQuestions } from '../lib/template-text';
import { PreviewContactPicker, RenderedText } from './template-preview';
import type { PreviewValues } from './template-preview';
import { FormActions } from '../../../components/form-actions';
import { TemplateGenerator } from '../../ai-setup';
import { usePipelines } from '../../../lib/pipelines';
import { keepEnterInField, useFieldErrors } from '../../../lib/validate';

const NAME_MAX_LENGTH = 100;
const TEXT_MAX_LENGTH = 5000;
const LABEL_MAX_LENGTH = 60;
const TAG_MAX_LENGTH = 40;
const MAX_TAGS = 20;

export interface MessageTemplateModalProps {
  teamUID: string;
  /** The template to edit, or null to add one. */
  template: MessageTemplate | null;
  categories: readonly string[];
  types: readonly string[];
  tags: readonly string[];
  preview: PreviewValues;
  onPickPreviewContact: (GTID: string) => void;
  onClose: () => void;
}

/** Adds or edits a message template, with its fields, a live preview and copy. Mount it only while open. */
export function MessageTemplateModal({
  teamUID,
  template,
  categories,
  types,
  tags,
  preview,
  onPickPreviewContact,
  onClose,
}: MessageTemplateModalProps) {
  const [name, setName] = useState(template?.name ?? '');
  const [text, setText] = useState(template?.text ?? '');
  const [category, setCategory] = useState(template?.category ?? '');
  const [type, setType] = useState(template?.type ?? '');
  const [chosenTags, setChosenTags] = useState<string[]>(template?.tags ?? []);
  const current: { name?: string; text?: string; tags?: string } = {};
  if (!name.trim()) current.name = 'Name the template';
  if (!text.trim()) current.text = 'Write the message';
  if (chosenTags.some((tag) => tag.trim().length > TAG_MAX_LENGTH))
    current.tags = `A tag can be at most ${TAG_MAX_LENGTH} characters`;
  const [errors, showErrors] = useFieldErrors<'name' | 'text' | 'tags'>(current);
  const questions = listQuestions(usePipelines(teamUID).data?.pipelines ?? []);
  const textRef = useRef<HTMLTextAreaElement>(null);
  const fieldsLabelId = useId();
  const save = useSaveMessageTemplate(teamUID);
  const unknownFields = describeUnknownFields(findUnknownTemplateFields(text));

  function handleInsert(field: string) {
    const area = textRef.current;
    const next = insertField({
      text,
      field,
      selectionStart: area?.selectionStart ?? text.length,
      selectionEnd: area?.selectionEnd ?? text.length,
    });
    setText(next.text);
    requestAnimationFrame(() => {
      area?.focus();
      area?.setSelectionRange(next.cursor, next.cursor);
    });
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    showErrors(current);
    if (current.name || current.text || current.tags) return;
    if (unknownFields) {
      textRef.current?.focus();
      return;
    }
    save.mutate(
      {
        templateUID: template?.templateUID ?? null,
        fields: {
          name: name.trim(),
          text: text.trim(),
          category: category.trim(),
          type: type.trim(),
          tags: chosenTags.map((tag) => tag.trim()).filter(Boolean),
        },
      },
      { onSuccess: onClose },
    );
  }

  const title = template ? `Edit message template ${template.name}` : 'New message template';
  return (
    <Modal
      opened
      onClose={onClose}
      title={title}
      centered
      size="xl"
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <form onSubmit={handleSubmit} noValidate>
        <Stack>
          <TextInput
            label="Name"
            value={name}
            onChange={(event) => setName(event.currentTarget.value)}
            error={errors.name}
            maxLength={NAME_MAX_LENGTH}
            data-autofocus
            required
          />
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <Autocomplete
              label="Category"
              placeholder="e.g. Onboarding"
              data={[...categories]}
              value={category}
              onChange={setCategory}
              onKeyDown={keepEnterInField()}
              maxLength={LABEL_MAX_LENGTH}
            />
            <Autocomplete
              label="Type"
              placeholder="e.g. First message"
              data={[...types]}
              value={type}
              onChange={setType}
              onKeyDown={keepEnterInField()}
              maxLength={LABEL_MAX_LENGTH}
            />
            <TagsInput
              label="Tags"
              placeholder="Add a tag"
              data={[...tags]}
              value={chosenTags}
              onChange={setChosenTags}
              maxTags={MAX_TAGS}
              error={errors.tags}
              clearable
            />
          </SimpleGrid>
          <Stack gap={6}>
            <Text size="sm" fw={500} id={fieldsLabelId}>
              Insert a field
            </Text>
            <Group gap="xs" role="group" aria-labelledby={fieldsLabelId}>
              {TEMPLATE_FIELDS.map((field) => (
                <Button
                  key={field}
                  size="compact-sm"
                  variant="light"
                  radius="xl"
                  aria-label={`Insert {${field}}`}
                  title={TEMPLATE_FIELD_LABELS[field]}
                  onClick={() => handleInsert(field)}
                >
                  {`{${field}}`}
                </Button>
              ))}
              {questions.map((question) => (
                <Button
                  key={question}
                  size="compact-sm"
                  variant="light"
                  color="grape"
                  radius="xl"
                  aria-label={`Insert the answer to ${question}`}
                  onClick={() => handleInsert(answerField(question))}
                  maw={260}
                >
                  <Text size="xs" truncate="end">
                    Answer: {question}
                  </Text>
                </Button>
              ))}
            </Group>
          </Stack>
          <TemplateGenerator teamUID={teamUID} onUse={setText} />
          <Textarea
            ref={textRef}
            label="Message"
            description="Fields in braces, such as {firstName}, are filled in for each contact. Add a fallback after a bar for someone without it: {firstName|there}."
            value={text}
            onChange={(event) => setText(event.currentTarget.value)}
            error={errors.text ?? unknownFields}
            maxLength={TEXT_MAX_LENGTH}
            autosize
            minRows={4}
            maxRows={12}
            required
          />
          <Stack gap="xs">
            <Title order={3} size="h5">
              Preview
            </Title>
            <PreviewContactPicker teamUID={teamUID} preview={preview} onPick={onPickPreviewContact} />
            <RenderedText text={text} preview={preview} label="Preview" copyLabel="Copy preview" />
          </Stack>
          <FormActions
            error={save.error}
            isPending={save.isPending}
            submitLabel="Save template"
            onCancel={onClose}
          />
        </Stack>
      </form>
    </Modal>
  );
}
