import { Badge, Button, Group, List, Paper, Stack, Switch, Text } from '@mantine/core';
import type { MemberRequestRule } from '@grouptrack/domain';
import { RowActions } from '../../../components/row-actions';
import { DECISION_LABELS, describeCondition } from '../lib/describe-condition';

/** The names of what rules may point at, by id: tags, the pipeline's stages and the team's task and message templates. */
export interface RuleTargetNames {
  tags: ReadonlyMap<string, string>;
  stages: ReadonlyMap<string, string>;
  templates: ReadonlyMap<string, string>;
  messageTemplates: ReadonlyMap<string, string>;
}

export interface RuleCardProps {
  rule: MemberRequestRule;
  isFirst: boolean;
  isLast: boolean;
  names: RuleTargetNames;
  canEdit: boolean;
  onToggle: (enabled: boolean) => void;
  onMove: (by: -1 | 1) => void;
  onEdit: () => void;
  onDelete: () => void;
}

function describeActions(rule: MemberRequestRule, names: RuleTargetNames): string[] {
  const actions: string[] = [];
  if (rule.tagIds.length > 0)
    actions.push(`Tags: ${rule.tagIds.map((id) => names.tags.get(id) ?? 'a deleted tag').join(', ')}`);
  if (rule.stageId) actions.push(`Stage: ${names.stages.get(rule.stageId) ?? 'a deleted stage'}`);
  if (rule.taskTemplateId)
    actions.push(`Task: ${names.templates.get(rule.taskTemplateId) ?? 'a deleted task template'}`);
  if (rule.messageTemplateId)
    actions.push(
      `Message: ${names.messageTemplates.get(rule.messageTemplateId) ?? 'a deleted message template'}`,
    );
  return actions;
}

/** One rule in the list: what it checks, what it decides and does, and (for editors) its controls. */
export function RuleCard({
  rule,
  isFirst,
  isLast,
  names,
  canEdit,
  onToggle,
  onMove,
  onEdit,
  onDelete,
}: RuleCardProps) {
  const actions = describeActions(rule, names);
  return (
    <Paper withBorder p="sm" radius="md">
      <Stack gap="xs">
        <Group justify="space-between" wrap="nowrap">
          <Group gap="sm">
            <Text fw={600} component="h3" size="md" m={0}>
              {rule.name}
            </Text>
            <Badge variant="default">{DECISION_LABELS[rule.decision]}</Badge>
          </Group>
          {canEdit ? (
            <Switch
              label="On"
              aria-label={`On: ${rule.name}`}
              checked={rule.enabled}
              onChange={(event) => onToggle(event.currentTarget.checked)}
            />
          ) : (
            <Text size="sm" c="dimmed">
              {rule.enabled ? 'On' : 'Off'}
            </Text>
          )}
        </Group>
        {rule.conditions.length === 0 ? (
          <Text size="sm">Every request</Text>
        ) : (
          <List size="sm" aria-label={`Conditions of ${rule.name}`}>
            {rule.conditions.map((condition, index) => (
              <List.Item key={index}>{describeCondition(condition)}</List.Item>
            ))}
          </List>
        )}
        {rule.decision === 'decline' && rule.feedback && (
          <Text size="sm" c="dimmed">
            Feedback: {rule.feedback}
          </Text>
        )}
        {actions.length > 0 && (
          <Text size="sm" c="dimmed">
            {actions.join(' · ')}
          </Text>
        )}
        {canEdit && (
          <Group gap="xs">
            <Button
              size="xs"
              variant="default"
              aria-label={`Move up: ${rule.name}`}
              disabled={isFirst}
              onClick={() => onMove(-1)}
            >
              Move up
            </Button>
            <Button
              size="xs"
              variant="default"
              aria-label={`Move down: ${rule.name}`}
              disabled={isLast}
              onClick={() => onMove(1)}
            >
              Move down
            </Button>
            <RowActions itemLabel={`rule ${rule.name}`} onEdit={onEdit} onDelete={onDelete} />
          </Group>
        )}
      </Stack>
    </Paper>
  );
}
