import { MultiSelect } from '@mantine/core';
import type { PipelineList } from '../../../lib/pipelines';
import type { VisibleCoreData } from '../api/core-data';
import { useToggleTag } from '../api/contact-changes';
import { listTagChoices } from '../lib/tag-choices';
import { ErrorAlert } from './error-alert';
import { Section } from './section';

export interface ContactTagsProps {
  teamUID: string;
  coreData: VisibleCoreData;
  list: PipelineList;
}

/** The contact's tags: global ones and those of their pipelines, added and taken off one at a time. */
export function ContactTags({ teamUID, coreData, list }: ContactTagsProps) {
  const toggle = useToggleTag(teamUID, coreData.contact.GTID);
  const current = coreData.tags.map((tag) => tag.tagUID);
  const choices = listTagChoices(
    list,
    coreData.pipelines.map((place) => place.pipelineUID),
  );
  const offered = new Set(choices.flatMap((group) => group.items.map((item) => item.value)));
  // A tag they carry that is no longer offered (its set moved) still shows, so it can be taken off.
  const carried = coreData.tags.filter((tag) => !offered.has(tag.tagUID));
  const data =
    carried.length > 0
      ? [
          ...choices,
          { group: 'Other', items: carried.map((tag) => ({ value: tag.tagUID, label: tag.name })) },
        ]
      : choices;
  const pending = toggle.isPending ? toggle.variables : null;
  const shown = pending
    ? pending.isAdding
      ? [...current, pending.tagId]
      : current.filter((tagId) => tagId !== pending.tagId)
    : current;

  function handleChange(next: string[]) {
    const added = next.find((tagId) => !current.includes(tagId));
    const removed = current.find((tagId) => !next.includes(tagId));
    if (added) toggle.mutate({ tagId: added, isAdding: true });
    else if (removed) toggle.mutate({ tagId: removed, isAdding: false });
  }

  return (
    <Section title="Tags">
      <MultiSelect
        label="Tags"
        size="xs"
        placeholder={shown.length === 0 ? 'Add a tag' : undefined}
        data={data}
        value={shown}
        onChange={handleChange}
        searchable
        nothingFoundMessage="No tag matches"
        disabled={toggle.isPending}
      />
      <ErrorAlert title="Couldn't change the tags" error={toggle.error} />
    </Section>
  );
}
