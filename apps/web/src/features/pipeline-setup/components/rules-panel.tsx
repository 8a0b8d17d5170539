import { Alert, Button, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { DEFAULT_MEMBER_REQUEST_PACING } from '@grouptrack/domain';
import type { MemberRequestPacing, MemberRequestRule, MemberRequestRules } from '@grouptrack/domain';
import { useMemo, useState } from 'react';
import { QueryError } from '../../../components/query-error';
import { formatErrorMessage } from '../../../lib/api-client';
import type { Pipeline } from '../../../lib/pipelines';
import { usePipelines } from '../../../lib/pipelines';
import { useFieldErrors } from '../../../lib/validate';
import { listTagOptions } from '../../contact-filters';
import { useMessageTemplates } from '../../message-templates';
import { useTaskTemplates } from '../../task-templates';
import {
  useDryRunMemberRequestRules,
  useMemberRequestRules,
  useSaveMemberRequestRules,
} from '../api/member-request-rules';
import { validatePacingForm } from '../lib/pacing-form';
import type { PacingFormValues } from '../lib/pacing-form';
import { DryRunTable } from './dry-run-table';
import { LeadScoreWeights } from './lead-score-weights';
import { PacingFields } from './pacing-fields';
import { RuleCard } from './rule-card';
import type { RuleTargetNames } from './rule-card';
import { RuleModal } from './rule-modal';
import type { Option } from './rule-modal';

export interface RulesPanelProps {
  teamUID: string;
  pipeline: Pipeline;
  canEdit: boolean;
}

/** The rules that decide the member requests this pipeline receives, the pace they are carried out at, and a dry run. */
export function RulesPanel({ teamUID, pipeline, canEdit }: RulesPanelProps) {
  const saved = useMemberRequestRules(teamUID, pipeline.groupUID);
  if (saved.isPending) return <Loader role="status" aria-label="Loading the rules" />;
  if (saved.isError) {
    return (
      <QueryError
        title="Couldn't load the rules"
        error={saved.error}
        onRetry={() => void saved.refetch()}
        isRetrying={saved.isFetching}
      />
    );
  }
  return <RulesEditor teamUID={teamUID} pipeline={pipeline} canEdit={canEdit} initial={saved.data} />;
}

/** The tags, stages and task templates a rule may use, as choices and as names by id. */
function useRuleTargets(teamUID: string, pipeline: Pipeline) {
  const details = usePipelines(teamUID).data;
  const templates = useTaskTemplates(teamUID).data;
  const messageTemplates = useMessageTemplates(teamUID).data;
  return useMemo(() => {
    const tags = details
      ? listTagOptions(details, pipeline.groupUID)
      : pipeline.tagSets.flatMap((set) =>
          set.tags.map((tag) => ({ tagUID: tag.tagUID, name: tag.name, setName: set.name })),
        );
    const tagOptions: Option[] = tags.map((tag) => ({
      value: tag.tagUID,
      label: `${tag.setName}: ${tag.name}`,
    }));
    const stageOptions: Option[] = pipeline.stages.map((stage) => ({
      value: stage.stageUID,
      label: stage.name,
    }));
    const templateOptions: Option[] = (templates ?? []).map((template) => ({
      value: template.templateUID,
      label: template.name,
    }));
    const messageTemplateOptions: Option[] = (messageTemplates ?? []).map((template) => ({
      value: template.templateUID,
      label: template.name,
    }));
    const byValue = (options: Option[]) => new Map(options.map((option) => [option.value, option.label]));
    const names: RuleTargetNames = {
      tags: byValue(tagOptions),
      stages: byValue(stageOptions),
      templates: byValue(templateOptions),
      messageTemplates: byValue(messageTemplateOptions),
    };
    return { tagOptions, stageOptions, templateOptions, messageTemplateOptions, names };
  }, [details, templates, messageTemplates, pipeline]);
}

function isDefaultPacing(values: PacingFormValues): boolean {
  return (Object.keys(DEFAULT_MEMBER_REQUEST_PACING) as (keyof MemberRequestPacing)[]).every(
    (field) => values[field] === DEFAULT_MEMBER_REQUEST_PACING[field],
  );
}

interface RulesEditorProps extends RulesPanelProps {
  initial: MemberRequestRules;
}

function RulesEditor({ teamUID, pipeline, canEdit, initial }: RulesEditorProps) {
  const [rules, setRules] = useState<MemberRequestRule[]>(initial.rules);
  const [pacing, setPacing] = useState<PacingFormValues>(initial.pacing);
  // undefined: the modal is closed; null: it adds a rule.
  const [editing, setEditing] = useState<MemberRequestRule | null | undefined>(undefined);
  const [isSaved, setIsSaved] = useState(false);
  const save = useSaveMemberRequestRules(teamUID, pipeline.groupUID);
  const dryRun = useDryRunMemberRequestRules(teamUID, pipeline.groupUID);
  const targets = useRuleTargets(teamUID, pipeline);
  const checkedPacing = validatePacingForm(pacing);
  const [pacingErrors, showPacingErrors] = useFieldErrors<keyof MemberRequestPacing>(
    checkedPacing.ok ? {} : checkedPacing.errors,
  );

  function changeRules(next: MemberRequestRule[]) {
    setRules(next);
    setIsSaved(false);
    // A dry run of rules since changed would tell about rules that no longer exist.
    dryRun.reset();
  }

  function moveRule(index: number, by: -1 | 1) {
    const next = [...rules];
    const [moved] = next.splice(index, 1);
    if (!moved) return;
    next.splice(index + by, 0, moved);
    changeRules(next);
  }

  function keepRule(rule: MemberRequestRule) {
    const exists = rules.some((each) => each.id === rule.id);
    changeRules(exists ? rules.map((each) => (each.id === rule.id ? rule : each)) : [...rules, rule]);
    setEditing(undefined);
  }

  function handleSave() {
    showPacingErrors(checkedPacing.ok ? {} : checkedPacing.errors);
    if (!checkedPacing.ok) return;
    setIsSaved(false);
    save.mutate({ rules, pacing: checkedPacing.pacing }, { onSuccess: () => setIsSaved(true) });
  }

  return (
    <Stack maw={800}>
      <Text size="sm" c="dimmed">
        When the extension captures a request to join this pipeline&apos;s groups, the first rule that is on
        and whose conditions all hold decides it. A request that no rule decides waits for a person.
      </Text>
      {rules.length === 0 ? (
        <Text size="sm">No rules yet: every request waits for a person.</Text>
      ) : (
        <Stack component="ol" aria-label="Rules" gap="sm" p={0} m={0} style={{ listStyle: 'none' }}>
          {rules.map((rule, index) => (
            <li key={rule.id}>
              <RuleCard
                rule={rule}
                isFirst={index === 0}
                isLast={index === rules.length - 1}
                names={targets.names}
                canEdit={canEdit}
                onToggle={(enabled) =>
                  changeRules(rules.map((each) => (each.id === rule.id ? { ...each, enabled } : each)))
                }
                onMove={(by) => moveRule(index, by)}
                onEdit={() => setEditing(rule)}
                onDelete={() => changeRules(rules.filter((each) => each.id !== rule.id))}
              />
            </li>
          ))}
        </Stack>
      )}
      {canEdit && (
        <Button
          variant="default"
          w="fit-content"
          onClick={() => setEditing(null)}
          disabled={rules.length >= 50}
        >
          Add rule
        </Button>
      )}
      <PacingFields
        values={pacing}
        errors={pacingErrors}
        canEdit={canEdit}
        onChange={(next) => {
          setPacing(next);
          setIsSaved(false);
        }}
      />
      {canEdit && (
        <Stack gap="xs">
          <Group>
            <Button onClick={handleSave} loading={save.isPending}>
              Save rules
            </Button>
            {!isDefaultPacing(pacing) && (
              <Button
                variant="subtle"
                onClick={() => {
                  setPacing(DEFAULT_MEMBER_REQUEST_PACING);
                  setIsSaved(false);
                }}
              >
                Use the default pace
              </Button>
            )}
          </Group>
          {save.error != null && (
            <Alert color="red" variant="light" role="alert">
              {formatErrorMessage(save.error)}
            </Alert>
          )}
          {isSaved && !save.isPending && (
            <Text size="sm" c="teal" role="status">
              Rules saved.
            </Text>
          )}
        </Stack>
      )}
      <LeadScoreWeights />
      <Stack gap="xs">
        <Title order={3} size="h4">
          Dry run
        </Title>
        <Text size="sm" c="dimmed">
          Tries the rules as they are here (saved or not, on or off) on the requests waiting in this pipeline.
          Nothing is changed.
        </Text>
        <Button
          variant="default"
          w="fit-content"
          loading={dryRun.isPending}
          onClick={() => dryRun.mutate(rules)}
        >
          Dry run
        </Button>
        {dryRun.error != null && (
          <Alert color="red" variant="light" role="alert">
            {formatErrorMessage(dryRun.error)}
          </Alert>
        )}
        {dryRun.data && <DryRunTable result={dryRun.data} rules={dryRun.variables} />}
      </Stack>
      {editing !== undefined && (
        <RuleModal
          rule={editing}
          tagOptions={targets.tagOptions}
          stageOptions={targets.stageOptions}
          templateOptions={targets.templateOptions}
          messageTemplateOptions={targets.messageTemplateOptions}
          onDone={keepRule}
          onClose={() => setEditing(undefined)}
        />
      )}
    </Stack>
  );
}
