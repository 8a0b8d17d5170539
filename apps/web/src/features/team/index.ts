export { acceptInvitation } from './api/accept-invitation';
export { invitationPreviewQueryKey, useInvitationPreview } from './api/get-invitation-preview';
export { InvitationNotice } from './components/invitation-notice';
export { TeamTab } from './components/team-tab';
