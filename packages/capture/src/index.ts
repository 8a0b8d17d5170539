export { captureProfile } from './capture-profile';
export { findPeople } from './find-people';
export {
  findFeedbackControl,
  findRequestAction,
  readMemberRequests,
  type FeedbackStep,
  type MemberRequestsReading,
} from './read-member-requests';
export {
  conversationAddress,
  findConversationControl,
  isSameMessageText,
  isSignedOutAddress,
  readConversation,
  type ConversationControl,
  type ConversationReading,
  type MessageRecipient,
  type ThreadMessage,
} from './read-conversation';
export {
  findPostCommentControl,
  readPostComments,
  type PostComment,
  type PostCommentControl,
  type PostCommentsReading,
} from './read-post-comments';
export { parseRequestTime } from './request-time';
export {
  DEFAULT_SELECTOR_PACKS,
  PAGE_KINDS,
  PERSON_FIELDS,
  PROFILE_FIELDS,
  detectPage,
  detectPageWithPack,
  isPackHost,
  listSelectorIds,
  parseSelectorPack,
  selectorPackSchema,
  type ConversationRule,
  type DetectedPage,
  type Marker,
  type MemberRequestsRule,
  type PageKind,
  type PeopleRule,
  type PersonField,
  type ProfileField,
  type SelectorPack,
  type TimeWords,
  type ValueSource,
} from './selector-packs';
export type { PostCommentsRule } from './selector-pack';
export type { CapturedProfile, FoundPerson, SelectorMiss } from './types';
