import { buildTemplateValues, findMissingTemplateFields, renderTemplate } from '@grouptrack/domain';
import type { Contact, SocialPlatform } from '@grouptrack/domain';

/** The platforms a contact has a profile on, the only ones a message can be queued on for them. */
export function listProfilePlatforms(sources: Contact['sources']): SocialPlatform[] {
  return (Object.keys(sources) as SocialPlatform[]).filter((platform) => sources[platform] != null);
}

/**
 * A text as the queue will fill it for a contact: the fields come from the pipeline they were added
 * to first (as the server picks it), and a field they have no value for stays in the text as itself,
 * e.g. {phoneNumber}, which sends the message to Review instead of out with a hole.
 */
export function buildQueuePreview({
  text,
  contact,
  pipelines,
  senderName,
}: {
  text: string;
  contact: Pick<Contact, 'firstName' | 'lastName' | 'name' | 'emailAddress' | 'phoneNumber' | 'groupData'>;
  pipelines: readonly {
    groupUID: string;
    nickName: string;
    stages: readonly { stageUID: string; name: string }[];
  }[];
  senderName: string;
}): { text: string; missing: string[] } {
  const first = pipelines
    .filter((pipeline) => contact.groupData[pipeline.groupUID])
    .sort((a, b) => {
      const added = contact.groupData[a.groupUID]!.addedAt.localeCompare(
        contact.groupData[b.groupUID]!.addedAt,
      );
      return added !== 0 ? added : a.groupUID < b.groupUID ? -1 : a.groupUID > b.groupUID ? 1 : 0;
    })[0];
  const data = first ? contact.groupData[first.groupUID] : undefined;
  const values = buildTemplateValues({
    contact,
    pipeline:
      first && data
        ? {
            name: first.nickName,
            stage: first.stages.find((stage) => stage.stageUID === data.stage)?.name ?? null,
            questions: data.questions,
          }
        : null,
    senderName,
  });
  const missing = findMissingTemplateFields(text, values);
  const shown = { ...values, ...Object.fromEntries(missing.map((field) => [field, `{${field}}`])) };
  return { text: renderTemplate(text, shown), missing };
}
