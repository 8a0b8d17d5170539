import { buildTemplateValues, findMissingTemplateFields, renderTemplate } from '@grouptrack/domain';
import type { VisibleCoreData } from '../api/core-data';

/**
 * A template filled in for the person on screen, as the contact page's Message fills it: their
 * fields, their first pipeline's name, stage and answers, and my name. A field they lack stays in
 * the text as itself ({phoneNumber}), to be filled in before it is sent.
 */
export function renderMessageFor({
  text,
  coreData,
  senderName,
}: {
  text: string;
  coreData: Pick<VisibleCoreData, 'contact' | 'pipelines'>;
  senderName: string;
}): string {
  const place = coreData.pipelines[0];
  const values = buildTemplateValues({
    contact: coreData.contact,
    pipeline: place
      ? {
          name: place.name,
          stage: place.stage.name,
          questions: coreData.contact.groupData[place.pipelineUID]?.questions ?? [],
        }
      : null,
    senderName,
  });
  const missing = findMissingTemplateFields(text, values);
  return renderTemplate(text, {
    ...values,
    ...Object.fromEntries(missing.map((field) => [field, `{${field}}`])),
  });
}
