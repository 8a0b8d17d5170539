import type { GroupIntegration } from './member-request-contracts';

// Kept apart from the zod contracts: the board's first paint asks whether a pipeline receives a
// group's requests, and must not load the schema library for that.

/** The platforms whose groups have membership requests the extension reads. */
export const MEMBER_REQUEST_PLATFORMS = ['facebook', 'skool'] as const;
export type MemberRequestPlatform = (typeof MEMBER_REQUEST_PLATFORMS)[number];

/** Whether an entry of a pipeline's integrations is a group whose requests it receives. */
export function isGroupIntegration(entry: unknown): entry is GroupIntegration {
  if (typeof entry !== 'object' || entry === null) return false;
  const { type, platform, groupId } = entry as Record<string, unknown>;
  return (
    type === 'group' &&
    (MEMBER_REQUEST_PLATFORMS as readonly unknown[]).includes(platform) &&
    typeof groupId === 'string'
  );
}
