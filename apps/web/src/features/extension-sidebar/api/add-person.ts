import type { Contact, OnScreenPerson } from '@grouptrack/domain';
import { useMutation } from '@tanstack/react-query';
import { contactPath, formatErrorMessage, requestData, teamPath } from '../../../lib/api-client';
import { buildCaptureBody } from '../lib/person';
import { useRefreshCoreData } from './core-data';

/** Where the person goes: a pipeline, its stage, and tags. */
export interface Placement {
  pipelineId: string;
  stageId: string;
  tagIds: string[];
}

/** What adding answers: the contact, and why their photo could not be kept, if it could not. */
export interface AddedPerson {
  contact: Contact;
  photoError: string | null;
}

/**
 * Adds the person on screen to a pipeline with the capture endpoint (which finds the same person
 * again rather than making a second one), then has the server keep their photo, whose platform
 * address expires. A failed photo leaves the person added.
 */
export function useAddPerson(teamUID: string) {
  const refresh = useRefreshCoreData(teamUID);
  return useMutation({
    mutationFn: async ({ person, placement }: { person: OnScreenPerson; placement: Placement }) => {
      const contact = await requestData<Contact>(teamPath(teamUID, 'contacts'), {
        method: 'POST',
        body: buildCaptureBody(person, placement),
      });
      if (!person.photoURL) return { contact, photoError: null } satisfies AddedPerson;
      try {
        const withPhoto = await requestData<Contact>(contactPath(teamUID, contact.GTID, 'photo'), {
          method: 'POST',
          body: { profilePic: person.photoURL, platform: person.platform },
        });
        return { contact: withPhoto, photoError: null } satisfies AddedPerson;
      } catch (error) {
        return { contact, photoError: formatErrorMessage(error) } satisfies AddedPerson;
      }
    },
    onSettled: refresh,
    meta: { isErrorShownInline: true },
  });
}
