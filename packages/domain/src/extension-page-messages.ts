import { isSocialPlatform } from './constants';
import type { SocialPlatform } from './constants';
import { OVERLAY_LOOKUP_MAX, overlayBadgeSchema } from './extension-capture-contracts';
import type { OverlayBadge } from './extension-capture-contracts';

// What the extension's content script on a social page and the GroupTrack pages it frames there
// (/bex/sidebar, /bex/overlay) tell each other with window.postMessage. Data calls do not go this
// way: they go through the frame relay (FrameApiRequest) with the extension's session.

/** The person a social page shows, as the content script read it (its owner, never the viewer). */
export interface OnScreenPerson {
  platform: SocialPlatform;
  profileId: string | null;
  username: string | null;
  name: string | null;
  firstName: string | null;
  lastName: string | null;
  /** The profile's canonical address. */
  url: string;
  /** The platform's address of their photo, which expires: the server keeps its own copy. */
  photoURL: string | null;
}

/** Content script → sidebar: who is on screen now (null on a page that shows no one person). */
export interface SidebarPersonMessage {
  type: 'gt_person';
  person: OnScreenPerson | null;
  /** The page's kind, e.g. "profile" or "conversation". */
  pageKind: string | null;
  /** The page's platform, e.g. "facebook"; null off the seven platforms' pages. */
  platform: SocialPlatform | null;
  /** The group of a group's page (its requests, members or posts), as its address names it, else null. */
  groupId: string | null;
}

/** Sidebar → content script: put this text in the platform's message box (a rendered template). */
export interface InsertTextRequest {
  type: 'gt_insert_text';
  id: string;
  text: string;
}

/** Content script → sidebar: whether the text went into the message box, or why not. */
export interface InsertTextResult {
  type: 'gt_insert_text_result';
  id: string;
  inserted: boolean;
  /** Said to the user when the text could not be inserted (it was copied instead, where allowed). */
  message: string | null;
}

/** Sidebar → content script: the sidebar's page is ready; send the person on screen. */
export interface SidebarReadyMessage {
  type: 'gt_sidebar_ready';
}

/** A person of a list page (members, comments, conversations), keyed by the row the badge goes in. */
export interface ListedPerson {
  key: string;
  profileId: string | null;
  username: string | null;
}

/** Content script → overlay: which of these people are in GroupTrack? */
export interface OverlayLookupRequest {
  type: 'gt_overlay_lookup';
  id: string;
  platform: SocialPlatform;
  people: ListedPerson[];
}

/** Overlay → content script: the badges of the people it was asked about (none for the others). */
export interface OverlayLookupResult {
  type: 'gt_overlay_result';
  id: string;
  badges: OverlayBadge[];
}

/** Overlay → content script: its page is ready for lookups. */
export interface OverlayReadyMessage {
  type: 'gt_overlay_ready';
}

/** What the GroupTrack frames send the content script. */
export type FrameToPageMessage =
  InsertTextRequest | SidebarReadyMessage | OverlayLookupResult | OverlayReadyMessage;

/** What the content script sends the GroupTrack frames. */
export type PageToFrameMessage = SidebarPersonMessage | InsertTextResult | OverlayLookupRequest;

/** Checks a message from a GroupTrack frame to the content script. */
export function isFrameToPageMessage(value: unknown): value is FrameToPageMessage {
  if (!isRecord(value)) return false;
  switch (value.type) {
    case 'gt_sidebar_ready':
    case 'gt_overlay_ready':
      return true;
    case 'gt_insert_text':
      return isId(value.id) && typeof value.text === 'string' && value.text.length <= 20_000;
    case 'gt_overlay_result':
      return isId(value.id) && Array.isArray(value.badges) && value.badges.every(isOverlayBadge);
    default:
      return false;
  }
}

/** Checks a message from the content script to a GroupTrack frame. */
export function isPageToFrameMessage(value: unknown): value is PageToFrameMessage {
  if (!isRecord(value)) return false;
  switch (value.type) {
    case 'gt_person':
      return (
        (value.person === null || isOnScreenPerson(value.person)) &&
        (value.pageKind === null || typeof value.pageKind === 'string') &&
        (value.platform === null || isSocialPlatform(value.platform)) &&
        (value.groupId === null || typeof value.groupId === 'string')
      );
    case 'gt_insert_text_result':
      return (
        isId(value.id) &&
        typeof value.inserted === 'boolean' &&
        (value.message === null || typeof value.message === 'string')
      );
    case 'gt_overlay_lookup':
      return (
        isId(value.id) &&
        isSocialPlatform(value.platform) &&
        Array.isArray(value.people) &&
        value.people.length <= OVERLAY_LOOKUP_MAX &&
        value.people.every(isListedPerson)
      );
    default:
      return false;
  }
}

function isOnScreenPerson(value: unknown): value is OnScreenPerson {
  return (
    isRecord(value) &&
    isSocialPlatform(value.platform) &&
    typeof value.url === 'string' &&
    ['profileId', 'username', 'name', 'firstName', 'lastName', 'photoURL'].every(
      (field) => value[field] === null || typeof value[field] === 'string',
    )
  );
}

function isListedPerson(value: unknown): value is ListedPerson {
  return (
    isRecord(value) &&
    typeof value.key === 'string' &&
    (value.profileId === null || typeof value.profileId === 'string') &&
    (value.username === null || typeof value.username === 'string')
  );
}

function isOverlayBadge(value: unknown): value is OverlayBadge {
  return overlayBadgeSchema.safeParse(value).success;
}

function isId(value: unknown): value is string {
  return typeof value === 'string' && value !== '' && value.length <= 100;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}
