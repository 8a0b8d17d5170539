import type { OnScreenPerson, SocialPlatform } from '@grouptrack/domain';
import type { PageKind } from './selector-pack';

/** The person a profile page shows (its owner, never the signed-in viewer); null where the page does not say. */
export type CapturedProfile = OnScreenPerson;

/** A selector of a pack that found nothing on a page where it was expected to, reported to operators. */
export interface SelectorMiss {
  platform: SocialPlatform;
  pageKind: PageKind;
  selectorId: string;
}

/** A person shown on a list page (a member, a commenter, a conversation), with the row the overlay badges. */
export interface FoundPerson {
  element: Element;
  platform: SocialPlatform;
  profileId: string | null;
  username: string | null;
  name: string | null;
}
