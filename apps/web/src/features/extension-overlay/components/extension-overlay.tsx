import { VisuallyHidden } from '@mantine/core';
import { useLoggedUser } from '../../../app/signed-in-user';
import { useOverlayLookups } from '../lib/use-overlay-lookups';

/**
 * The overlay's hidden frame on a social list page: it draws nothing (the content script draws the
 * badges) and says what it has done in a status line for whoever inspects the frame.
 */
export function ExtensionOverlay() {
  const { currentTeam } = useLoggedUser();
  const activity = useOverlayLookups(currentTeam.teamUID);
  return (
    <VisuallyHidden role="status">
      {activity.lookups === 0
        ? 'GroupTrack overlay ready'
        : `GroupTrack overlay ready: ${activity.lookups} look-ups answered, the last found ${activity.lastKnown} of ${activity.lastAsked} people`}
    </VisuallyHidden>
  );
}
