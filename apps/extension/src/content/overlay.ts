import { OVERLAY_LOOKUP_MAX, isFrameToPageMessage } from '@grouptrack/domain';
import type { ListedPerson, OverlayBadge, OverlayLookupRequest, SocialPlatform } from '@grouptrack/domain';
import type { FoundPerson } from '@grouptrack/capture';
import { openFrameChannel } from './frame-channel';
import type { FrameChannel } from './frame-channel';
import { personKey } from './read-page';

/** The attribute a drawn badge carries, so a row is badged once and the badges can be found again. */
export const BADGE_ATTRIBUTE = 'data-grouptrack-badge';

/**
 * Badges beside the people of a list page who are already in GroupTrack. The hidden /bex/overlay frame
 * looks them up (with the user's access, through the extension's session); each person is asked about
 * once per page, and rows the site adds as the user scrolls are asked about as they come.
 */
export interface Overlay {
  /** The people of the list as read now: the new ones are looked up and badged. */
  showPeople(platform: SocialPlatform, people: FoundPerson[]): void;
}

export function mountOverlay(onSelect: (person: FoundPerson) => void): Overlay {
  let channel: FrameChannel | null = null;
  let ready = false;
  let counter = 0;
  const waiting: OverlayLookupRequest[] = [];
  /** Each person's row, by key, and the keys already asked about. */
  const rows = new Map<string, FoundPerson>();
  const asked = new Set<string>();

  const send = (request: OverlayLookupRequest) => {
    if (ready && channel) channel.send(request);
    else waiting.push(request);
  };

  const onFrameMessage = (message: unknown) => {
    if (!isFrameToPageMessage(message)) return;
    if (message.type === 'gt_overlay_ready') {
      ready = true;
      for (const request of waiting.splice(0)) channel?.send(request);
    }
    if (message.type === 'gt_overlay_result') {
      for (const badge of message.badges) {
        const row = rows.get(badge.key);
        if (row) drawBadge(row, badge, onSelect);
      }
    }
  };

  return {
    showPeople(platform, people) {
      const fresh: ListedPerson[] = [];
      for (const person of people) {
        const key = personKey(person);
        rows.set(key, person);
        if (asked.has(key)) continue;
        asked.add(key);
        fresh.push({ key, profileId: person.profileId, username: person.username });
      }
      if (fresh.length === 0) return;
      if (!channel) {
        channel = openFrameChannel('overlay', 'GroupTrack overlay', onFrameMessage);
        channel.frame.setAttribute('aria-hidden', 'true');
        channel.frame.tabIndex = -1;
        channel.frame.style.cssText =
          'position:fixed;width:1px;height:1px;left:-10px;top:-10px;border:0;opacity:0;';
        document.documentElement.append(channel.frame);
      }
      for (let start = 0; start < fresh.length; start += OVERLAY_LOOKUP_MAX) {
        counter += 1;
        send({
          type: 'gt_overlay_lookup',
          id: `lookup-${counter}`,
          platform,
          people: fresh.slice(start, start + OVERLAY_LOOKUP_MAX),
        });
      }
    },
  };
}

function drawBadge(person: FoundPerson, badge: OverlayBadge, onSelect: (person: FoundPerson) => void): void {
  const row = person.element;
  if (!row.isConnected || row.querySelector(`[${BADGE_ATTRIBUTE}]`)) return;
  const button = document.createElement('button');
  button.type = 'button';
  button.setAttribute(BADGE_ATTRIBUTE, badge.GTID);
  button.textContent = badge.stageName;
  button.title = `${badge.name} is in GroupTrack: ${badge.pipelineName}, ${badge.stageName}`;
  button.setAttribute('aria-label', `GroupTrack: ${badge.name}, ${badge.stageName} in ${badge.pipelineName}`);
  button.style.cssText =
    'all:initial;display:inline-block;margin:0 6px;padding:1px 6px;border-radius:8px;' +
    'font:600 11px/16px system-ui,sans-serif;cursor:pointer;vertical-align:middle';
  // Set one property at a time: the browser parses each, so a stored colour can never add a rule.
  button.style.background = badge.color;
  button.style.color = badge.fontColor;
  button.addEventListener('click', (event) => {
    event.preventDefault();
    event.stopPropagation();
    onSelect(person);
  });
  row.append(button);
}
