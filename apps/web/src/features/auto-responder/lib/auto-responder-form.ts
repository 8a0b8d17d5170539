import {
  PLATFORM_NAMES,
  autoResponderInputSchema,
  parseTriggerWords,
  readPostAddress,
  type AutoResponder,
  type AutoResponderInput,
  type AutoResponderPlatform,
  type PipelineList,
} from '@grouptrack/domain';
import { listAllTags } from '../../../lib/pipelines';

/** What the job form offers to pick from: the team's pipelines (with stages and tags) and message templates. */
export interface AutoResponderChoices {
  pipelines: PipelineList;
  messageTemplates: readonly { templateUID: string; name: string }[];
}

/** A job as its form holds it: the trigger words as typed, nothing picked as null. */
export interface AutoResponderForm {
  jobName: string;
  jobGroupId: string | null;
  permalinkURL: string;
  /** The trigger words as typed, separated by commas. */
  triggerWords: string;
  replyTemplateId: string | null;
  messageTemplateId: string | null;
  tagIds: string[];
  pipelineId: string | null;
  stageId: string | null;
  archived: boolean;
}

/** An example of the address the form wants, as its placeholder. */
export const POST_ADDRESS_EXAMPLE = 'https://www.facebook.com/groups/yourgroup/posts/1234567890';

/** A new job in a group (or none picked yet): everything empty. */
export function emptyForm(jobGroupId: string | null): AutoResponderForm {
  return {
    jobName: '',
    jobGroupId,
    permalinkURL: '',
    triggerWords: '',
    replyTemplateId: null,
    messageTemplateId: null,
    tagIds: [],
    pipelineId: null,
    stageId: null,
    archived: false,
  };
}

/** A job as its form starts: its trigger words joined by commas. */
export function formFromJob(job: AutoResponder): AutoResponderForm {
  return {
    jobName: job.jobName,
    jobGroupId: job.jobGroupId,
    permalinkURL: job.settings.permalinkURL,
    triggerWords: job.settings.triggerWords.join(', '),
    replyTemplateId: job.replyTemplateId,
    messageTemplateId: job.messageTemplateId,
    tagIds: [...job.tagIds],
    pipelineId: job.pipelineId,
    stageId: job.stageId,
    archived: job.archived,
  };
}

/** What the server takes for a form: names and address trimmed, trigger words split, no stage without a pipeline. */
export function inputFromForm(form: AutoResponderForm): AutoResponderInput {
  return {
    jobGroupId: form.jobGroupId ?? '',
    jobName: form.jobName.trim(),
    settings: {
      permalinkURL: form.permalinkURL.trim(),
      triggerWords: parseTriggerWords(form.triggerWords),
    },
    replyTemplateId: form.replyTemplateId,
    messageTemplateId: form.messageTemplateId,
    tagIds: form.tagIds,
    pipelineId: form.pipelineId,
    stageId: form.pipelineId === null ? null : form.stageId,
    archived: form.archived,
  };
}

/** A saved job as the server takes it again, e.g. to archive it or move it among its group's jobs. */
export function inputFromJob(
  job: AutoResponder,
  change: Partial<Pick<AutoResponderInput, 'archived' | 'after' | 'before'>> = {},
): AutoResponderInput {
  return {
    jobGroupId: job.jobGroupId,
    jobName: job.jobName,
    settings: { permalinkURL: job.settings.permalinkURL, triggerWords: job.settings.triggerWords },
    replyTemplateId: job.replyTemplateId,
    messageTemplateId: job.messageTemplateId,
    tagIds: job.tagIds,
    pipelineId: job.pipelineId,
    stageId: job.stageId,
    archived: job.archived,
    ...change,
  };
}

/** The words for fields whose rule has no words of its own (an id left empty). */
const FIELD_PROBLEMS: Record<string, string> = {
  jobGroupId: 'Choose the group it belongs to.',
};

/** The first problem with the form, in the words of the domain's rules; null when the server may take it. */
export function findFormProblem(form: AutoResponderForm): string | null {
  const parsed = autoResponderInputSchema.safeParse(inputFromForm(form));
  if (parsed.success) return null;
  const issue = parsed.error.issues[0]!;
  const field = String(issue.path[0] ?? '');
  const known = FIELD_PROBLEMS[field];
  if (known) return known;
  const message = issue.message.trim();
  return /[.!?]$/.test(message) ? message : `${message}.`;
}

/** The platform the form's address is on, once it is an address a job accepts. */
export function platformOfAddress(address: string): AutoResponderPlatform | null {
  const reading = readPostAddress(address);
  return reading.ok ? reading.platform : null;
}

export function platformName(platform: AutoResponderPlatform): string {
  return PLATFORM_NAMES[platform];
}

export function templateOptions(choices: AutoResponderChoices) {
  return choices.messageTemplates.map((t) => ({ value: t.templateUID, label: t.name }));
}

/** Names for a job's description; undefined for an id no longer known (deleted, or hidden from the member). */
export interface AutoResponderNames {
  template: (id: string) => string | undefined;
  tag: (id: string) => string | undefined;
  pipeline: (id: string) => string | undefined;
  stage: (id: string) => string | undefined;
  /** The stage a person joins when the job names none: the pipeline's first. */
  firstStage: (pipelineId: string) => string | undefined;
}

export function namesFromChoices(choices: AutoResponderChoices): AutoResponderNames {
  const pipelines = new Map(choices.pipelines.pipelines.map((p) => [p.groupUID, p]));
  const stages = new Map(
    choices.pipelines.pipelines.flatMap((p) => p.stages.map((s) => [s.stageUID, s.name])),
  );
  const tags = new Map(listAllTags(choices.pipelines).map((tag) => [tag.tagUID, tag.name]));
  const templates = new Map(choices.messageTemplates.map((t) => [t.templateUID, t.name]));
  return {
    template: (id) => templates.get(id),
    tag: (id) => tags.get(id),
    pipeline: (id) => pipelines.get(id)?.nickName,
    stage: (id) => stages.get(id),
    firstStage: (pipelineId) =>
      [...(pipelines.get(pipelineId)?.stages ?? [])].sort((a, b) => a.idx - b.idx)[0]?.name,
  };
}

/** What a job does for each new commenter who matches, one line per action, in the order it does them. */
export function describeActions(
  job: Pick<
    AutoResponderInput,
    'replyTemplateId' | 'messageTemplateId' | 'tagIds' | 'pipelineId' | 'stageId'
  >,
  names: AutoResponderNames,
): string[] {
  const lines: string[] = [];
  const template = (id: string) => `"${names.template(id) ?? 'a deleted template'}"`;
  if (job.replyTemplateId) lines.push(`Reply ${template(job.replyTemplateId)}`);
  if (job.messageTemplateId) lines.push(`Message ${template(job.messageTemplateId)}`);
  if (job.tagIds.length > 0) {
    const known = job.tagIds.map((id) => names.tag(id)).filter((name) => name !== undefined);
    const unknown = job.tagIds.length - known.length;
    const parts =
      unknown > 0 ? [...known, unknown === 1 ? 'a deleted tag' : `${unknown} deleted tags`] : known;
    lines.push(`Tag ${parts.join(', ')}`);
  }
  if (job.pipelineId) {
    const pipeline = names.pipeline(job.pipelineId) ?? 'a deleted pipeline';
    const stage = job.stageId ? names.stage(job.stageId) : names.firstStage(job.pipelineId);
    lines.push(stage ? `Add to ${pipeline} / ${stage}` : `Add to ${pipeline}`);
  }
  return lines;
}

/** Each group's jobs in the server's order (by rank), the archived ones only when asked for. */
export function jobsByGroup(
  jobs: readonly AutoResponder[],
  showArchived: boolean,
): Map<string, AutoResponder[]> {
  const byGroup = new Map<string, AutoResponder[]>();
  for (const job of jobs) {
    if (job.archived && !showArchived) continue;
    const list = byGroup.get(job.jobGroupId) ?? [];
    list.push(job);
    byGroup.set(job.jobGroupId, list);
  }
  return byGroup;
}

/** Where an item moves to go one place up or down among the shown siblings; null at the end of the list. */
export function neighbourPlacement(
  ids: readonly string[],
  id: string,
  by: -1 | 1,
): { before: string } | { after: string } | null {
  const at = ids.indexOf(id);
  const neighbour = at === -1 ? undefined : ids[at + by];
  if (neighbour === undefined) return null;
  return by === -1 ? { before: neighbour } : { after: neighbour };
}
