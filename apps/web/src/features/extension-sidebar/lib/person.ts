import type { OnScreenPerson } from '@grouptrack/domain';

const NAME_MAX_LENGTH = 100;

/** How the sidebar names the person on screen: their name, else their username, else "This person". */
export function formatPersonName(person: OnScreenPerson): string {
  const parts = [person.firstName, person.lastName].filter((part) => part?.trim()).join(' ');
  return person.name?.trim() || parts || person.username?.trim() || 'This person';
}

/** Who a person is, as a key: a new person on screen starts the sidebar afresh. */
export function formatPersonKey(person: OnScreenPerson): string {
  return [person.platform, person.profileId ?? '', person.username ?? '', person.url].join('|');
}

function readName(value: string | null): string | undefined {
  const trimmed = value?.trim();
  return trimmed ? trimmed.slice(0, NAME_MAX_LENGTH) : undefined;
}

/** The capture endpoint's body for the person on screen, placed in a pipeline and stage with tags. */
export function buildCaptureBody(
  person: OnScreenPerson,
  placement: { pipelineId: string; stageId: string; tagIds: string[] },
) {
  return {
    name: readName(person.name) ?? readName(person.username),
    firstName: readName(person.firstName),
    lastName: readName(person.lastName),
    sources: [
      {
        platform: person.platform,
        profileId: person.profileId?.trim() || null,
        username: person.username?.trim() || null,
        url: person.url.trim() || null,
      },
    ],
    pipeline: { pipelineId: placement.pipelineId, stageId: placement.stageId },
    tagIds: placement.tagIds.length > 0 ? placement.tagIds : undefined,
  };
}
