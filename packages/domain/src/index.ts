export { formatAvatarUrl, formatInitials, AVATAR_COLORS } from './avatar';
export type { AvatarInput } from './avatar';
export { advanceBaseData, isBaseDataReady, BASE_DATA_LEVELS, INITIAL_BASE_DATA } from './base-data';
export type { BaseDataEvent, BaseDataLevel, BaseDataOutcome, BaseDataState } from './base-data';
export { getContrastRatio, hexToRgb, isHexColor, pickReadableFontColor, rgbToHex } from './colors';
export type { RgbColor } from './colors';
export {
  AVATAR_SIZE_DEFAULT,
  AVATAR_SIZE_IN_USE,
  BASE_DATA_POLL,
  CANCELED_DATA_RETENTION_DAYS,
  CONTACT_ADDED_BACKDATE_MS,
  CONTACT_VIEWS,
  DEFAULT_SHARD_COUNT,
  DEFAULT_SYNC_PERIOD,
  DEFAULT_TAG_SET_COLOR,
  NOTIFICATION_SNOOZE_MS,
  PAGE_TITLE_PREFIX,
  QUEUE_TAB_DELAY_MS,
  QUEUE_TAB_PLATFORM_OFFSET_MS,
  ROUTE_GUARD_POLL_MS,
  SEARCH_PAGING_DEFAULTS,
  PLATFORM_NAMES,
  PLATFORM_SITES,
  SOCIAL_PLATFORMS,
  STARTER_STAGES,
  TEAM_NAME_MAX_LENGTH,
  TERMS_VERSION,
  TOAST_TIMEOUT_MS,
  TRIAL_DAYS,
  VERSION_POLL_DEBOUNCE_MS,
  isContactView,
  isSocialPlatform,
  pickQueueTabDelayMs,
} from './constants';
export type { ContactView, SocialPlatform } from './constants';
export { CONTACT_ID_ADJECTIVES, CONTACT_ID_ANIMALS } from './contact-id-words';
export {
  coreDataPipelineSchema,
  coreDataQuerySchema,
  coreDataSchema,
  coreDataTagSchema,
  knownPeopleQuerySchema,
  OVERLAY_LOOKUP_MAX,
  knownPeopleSchema,
  overlayBadgeSchema,
  profilePhotoRequestSchema,
  selectorMissSchema,
} from './extension-capture-contracts';
export type {
  CoreData,
  CoreDataQuery,
  KnownPeople,
  KnownPeopleQuery,
  OverlayBadge,
  SelectorMissReport,
} from './extension-capture-contracts';
export {
  EXTENSION_CHECK,
  EXTENSION_MESSAGE_TYPES,
  FRAME_API_METHODS,
  isCheckExtensionResult,
  isExtensionMessage,
  isFrameApiPath,
  isFrameMessage,
  isFrameRequest,
  isLogInResult,
  isSendQueueItemResult,
  isReadPostResult,
  isReplyToCommentResult,
  isWaitABitResult,
  QUEUE_SEND_OUTCOMES,
  unreachableMessage,
} from './extension-messages';
export type {
  CheckExtensionMessage,
  CheckExtensionResult,
  ExtensionMessage,
  ExtensionMessageType,
  ExtensionStatus,
  ExtensionUser,
  FrameApiMethod,
  FrameApiRequest,
  FrameApiResponse,
  FrameConnectionState,
  FrameMessage,
  FrameRequest,
  FrameSignOutRequest,
  LogInMessage,
  LogInResult,
  OpenQueueProcessorMessage,
  QueueSendOutcome,
  SendQueueItemMessage,
  ReadPostMessage,
  ReadPostResult,
  ReadComment,
  ReplyToCommentMessage,
  ReplyToCommentResult,
  SendQueueItemResult,
  WaitABitMessage,
  WaitABitResult,
} from './extension-messages';
export { isFrameToPageMessage, isPageToFrameMessage } from './extension-page-messages';
export type {
  FrameToPageMessage,
  InsertTextRequest,
  InsertTextResult,
  ListedPerson,
  OnScreenPerson,
  OverlayLookupRequest,
  OverlayLookupResult,
  OverlayReadyMessage,
  PageToFrameMessage,
  SidebarPersonMessage,
  SidebarReadyMessage,
} from './extension-page-messages';
export {
  EMAIL_MAX_LENGTH,
  NAME_MAX_LENGTH,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  emailSchema,
  hexColorSchema,
  isNameTaken,
  isWebAddress,
  normalizePhone,
  passwordSchema,
  personNameSchema,
  phoneSchema,
  mobileNumberSchema,
  WEB_ADDRESS_MAX_LENGTH,
  webAddressSchema,
} from './forms';
export { hashFnv1a32 } from './hash';
export {
  PUSH_ID_ALPHABET,
  PUSH_ID_LENGTH,
  createContactId,
  createPushId,
  createPushIdGenerator,
  decodePushIdTime,
  formatShardName,
  isContactId,
  isPushId,
  selectShard,
} from './ids';
export type { FillRandomBytes } from './ids';
export { ERROR_STATUS, MESSAGES, formatAppUpdated, formatFunctionCallError } from './messages';
export type { ErrorStatus } from './messages';
export {
  formatDismissed,
  formatNeverShowAgain,
  isNotificationVisible,
  isPageMatch,
  parseSeenValue,
  selectVisibleNotifications,
} from './notifications';
export type {
  AppNotification,
  NotificationContext,
  NotificationPlatform,
  NotificationSurface,
  NotificationType,
  NotificationVisibilityInput,
  SeenValue,
} from './notifications';
export { canSendMessages, canUseAutomations, canUseQueueProcessor, proPlanRefusal } from './plan-gates';
export {
  PERMISSION_REFUSALS,
  TEAM_PERMISSIONS,
  TEAM_ROLES,
  can,
  canAssignRole,
  canSeePipeline,
  canSeePipelineItem,
  isTeamRole,
} from './roles';
export type { PermissionArea, RefusedPermission, TeamPermission, TeamRole } from './roles';
export { decideRoute, sanitizeNextPath } from './route-guard';
export type { RouteDecision, RouteGuardInput, RouteGuardUser } from './route-guard';
export {
  CONTACT_BLOCK_SIZE,
  SEAT_ADDON_SIZE,
  SUBSCRIPTION_STATUSES,
  USABLE_SUBSCRIPTION_STATUSES,
  canAddContacts,
  canAddSeat,
  deriveSubscription,
  isSubscriptionStatus,
  isSubscriptionUsable,
} from './subscription';
export type {
  LimitCheck,
  PlatformPlans,
  Subscription,
  SubscriptionAddons,
  SubscriptionIds,
  SubscriptionInput,
  SubscriptionStatus,
} from './subscription';
export {
  INTEGRATION_TYPES,
  SYNC_ACTIONS,
  SYNC_KINDS,
  canSyncStage,
  canSyncTag,
  decideSync,
  isIntegrationType,
} from './sync-rules';
export type {
  DecideSyncInput,
  IntegrationType,
  SyncAction,
  SyncDecision,
  SyncIntegration,
  SyncKind,
  SyncOptions,
  SyncSkipReason,
} from './sync-rules';
export {
  CONNECTION_FAILING_THRESHOLD,
  CONNECTION_FIELDS,
  CONNECTION_TYPE_LABELS,
  MAX_SYNC_MINUTES,
  STAGE_MAPPED_TYPES,
  SUPPORTED_CHANGES,
  SYNC_MAX_ATTEMPTS,
  SYNC_RETRY_DELAYS_S,
  TAG_MAPPED_TYPES,
  isRetryableStatus,
  nextSyncAttemptAt,
  syncChangeOfActivity,
} from './connections';
export type { ConnectionField, SyncChangeKind } from './connections';
export {
  CONNECTION_STATUSES,
  SYNC_DELIVERY_STATUSES,
  connectionInputSchema,
  connectionSchema,
  connectionSecretAnswerSchema,
  connectionTestSchema,
  connectionUpdateSchema,
  contactSyncStateSchema,
  pipelineConnectionSchema,
  remotePipelinesSchema,
  remoteTagsSchema,
  syncDeliveryPageSchema,
  syncDeliverySchema,
  syncOptionsSchema,
  syncTotalsSchema,
  tagSetConnectionSchema,
} from './connection-contracts';
export type {
  Connection,
  ConnectionInput,
  ConnectionSecretAnswer,
  ConnectionStatus,
  ConnectionTest,
  ConnectionUpdate,
  ContactSyncState,
  PipelineConnectionInput,
  SyncDeliveryPage,
  SyncDeliveryRow,
  SyncDeliveryStatus,
  SyncTotals,
  TagSetConnectionInput,
} from './connection-contracts';
export { AI_REQUESTS_PER_MONTH, PRO_TIER_VALUE, TIERS, getTier, isTierValue } from './tiers';
export type { Tier, TierName, TierValue } from './tiers';
export { isRank, placeAmong, placementProblem, rankBetween, ranksAfter, spreadRanks } from './rank';
export type { Placement } from './rank';
export { SEARCH_SORT_FIELDS, readSearchText, searchFilterSchema, searchRequestSchema } from './search';
export type { SearchFilter, SearchRequest, SearchSortField } from './search';
export {
  createCsvParser,
  formatCsvField,
  formatCsvRow,
  neutraliseFormula,
  parseCsv,
  restoreFormula,
} from './csv';
export { CONTACT_CSV_COLUMNS, PLATFORM_CSV_COLUMNS, formatTagCell, parseTagCell } from './contact-csv';
export {
  CSV_FIELDS,
  IMPORTED_TAG_SET,
  formatImportWarning,
  identifiesPerson,
  isGroupTrackExport,
  listQuestionPairs,
  mapCsvRow,
  splitMultiValueCell,
  suggestCsvMapping,
} from './csv-mapping';
export type {
  CellWarning,
  CsvField,
  ImportCandidate,
  MapCsvRowOptions,
  MappedCsvRow,
  QuestionPair,
} from './csv-mapping';
export { DATE_ORDERS, createDateOrderDetector, parseCsvDate } from './csv-dates';
export type { DateOrder, DateOrderHint } from './csv-dates';
export { extractContactDetails } from './answers';
export type { AnswerField } from './answers';
export {
  ANSWER_FIELD_PREFIX,
  TEMPLATE_FIELDS,
  TEMPLATE_FIELD_LABELS,
  answerField,
  buildTemplateValues,
  findMissingTemplateFields,
  findUnknownTemplateFields,
  listTemplateFields,
  renderTemplate,
} from './templates';
export type { TemplateField, TemplateSource } from './templates';
export {
  AUTO_RESPONDER_COMMENTS_MAX,
  AUTO_RESPONDER_GROUP_STATUSES,
  AUTO_RESPONDER_PLATFORMS,
  AUTO_RESPONDER_REPLY_STATUSES,
  AUTO_RESPONDER_VISIT_MINUTES,
  POST_ADDRESS_SHAPES,
  autoResponderCommentsAnswerSchema,
  autoResponderCommentsReportSchema,
  autoResponderCountsSchema,
  autoResponderGroupChangeSchema,
  autoResponderGroupInputSchema,
  autoResponderGroupSchema,
  autoResponderInputSchema,
  autoResponderReplyReportSchema,
  autoResponderSchema,
  commenterKey,
  dueAutoResponderSchema,
  postAddressSchema,
  postCommentSchema,
  readPostAddress,
} from './auto-responder-contracts';
export type {
  AutoResponder,
  AutoResponderCommentsAnswer,
  AutoResponderCommentsReport,
  AutoResponderCounts,
  AutoResponderGroup,
  AutoResponderGroupChange,
  AutoResponderGroupInput,
  AutoResponderGroupStatus,
  AutoResponderInput,
  AutoResponderPlatform,
  AutoResponderReplyReport,
  AutoResponderReplyStatus,
  DueAutoResponder,
  PostAddressReading,
  PostCommentReport,
} from './auto-responder-contracts';
export {
  TRIGGER_WORDS_MAX,
  TRIGGER_WORD_MAX_LENGTH,
  matchesTriggerWords,
  parseTriggerWords,
  triggerWordsSchema,
} from './trigger-words';
export {
  DEFAULT_DUE_TIME,
  addDaysToDate,
  computeDueAt,
  findNextOccurrence,
  findWeekday,
  followDueDate,
  formatDateInZone,
} from './task-schedule';
export type { RepeatRule } from './task-schedule';
export {
  defaultQueueSettings,
  describeQueueMoment,
  nextQueueMoment,
  queueSettingsSchema,
  startOfLocalDay,
  workingWindowSchema,
} from './queue-schedule';
export type { QueueMoment, QueueSettings, QueueStopReason, WorkingWindow } from './queue-schedule';
export { CHANGE_ENTITIES } from './change-events';
export type { ChangeEntity, ChangeEvent } from './change-events';
export { changedFields } from './changes';
export { orphanKey } from './orphaned-tags';
export {
  createdTemplateSchema,
  loggedMessageSchema,
  messageTemplateSchema,
  taskTemplateSchema,
  TASK_REMINDERS,
} from './template-contracts';
export type { LoggedMessage, MessageTemplate, TaskTemplate } from './template-contracts';
export { phaseSchema, statusLabelSchema, teamQuestionSchema } from './setup-list-contracts';
export type { Phase, StatusLabel, TeamQuestion } from './setup-list-contracts';
export {
  createdTagSchema,
  pipelineListSchema,
  pipelineSchema,
  stageSchema,
  tagSchema,
  tagSetListSchema,
  tagSetSchema,
} from './pipeline-contracts';
export type { Pipeline, PipelineList, Stage, Tag, TagSet, TagSetList } from './pipeline-contracts';
export { teamInvitationSchema, teamMemberSchema } from './team-contracts';
export type { TeamInvitation, TeamMember } from './team-contracts';
export { readGroupAddress, readProfileAddress } from './profile-address';
export type { ProfileAddress, ProfileAddressReading } from './profile-address';
export {
  CONTACT_MATCH_REASONS,
  contactMatchSchema,
  contactMatchesSchema,
  isSamePersonMatch,
} from './contact-create-contracts';
export type { ContactMatch, ContactMatches, ContactMatchReason } from './contact-create-contracts';
export {
  DEAL_STATUSES,
  activityPageSchema,
  activitySchema,
  capturedContactSchema,
  contactPipelineDataSchema,
  contactSchema,
  contactSourceSchema,
  dealSchema,
  noteSchema,
} from './contact-contracts';
export type {
  Activity,
  ActivityPage,
  CapturedContact,
  Contact,
  ContactPipelineData,
  ContactSource,
  Deal,
  DealStatus,
  Note,
} from './contact-contracts';
export {
  completedTaskSchema,
  listedTaskSchema,
  reminderSchema,
  repeatRuleSchema,
  taskSchema,
} from './task-contracts';
export type { CompletedTask, ListedTask, Reminder, ReminderChannel, Task } from './task-contracts';
export { inboxItemSchema, inboxPageSchema } from './inbox-contracts';
export type { InboxItem, InboxItemKind, InboxPage } from './inbox-contracts';
export { invitationPreviewSchema, joinedTeamSchema, subscriptionSchema, teamSchema } from './team-contracts';
export type { InvitationPreview, JoinedTeam, Team } from './team-contracts';
export {
  acceptedTermsSchema,
  impersonatorSchema,
  loggedUserSchema,
  notificationSeenSchema,
  passwordSetSchema,
  userTeamSchema,
} from './user-contracts';
export type { Impersonator, LoggedUser, NotificationSeen, UserTeam } from './user-contracts';
export {
  createdFilterSetSchema,
  createdTagPostSchema,
  filterSetSchema,
  savedTagPostSchema,
  testQuestionSchema,
} from './saved-list-contracts';
export type { FilterSet, SavedTagPost, TestQuestion } from './saved-list-contracts';
export { openDealsSumSchema, searchAnswerSchema, searchHitSchema } from './search-contracts';
export type { OpenDealsSum, SearchAnswer, SearchHit } from './search-contracts';
export {
  duplicateGroupSchema,
  duplicateTagSchema,
  orphanedTagSchema,
  renamedTagSchema,
  resolvedOrphanedTagSchema,
  startedMergeSchema,
  tagReconciliationSchema,
} from './tag-reconciliation-contracts';
export type {
  DuplicateGroup,
  DuplicateTag,
  OrphanedTag,
  ResolvedOrphanedTag,
  StartedMerge,
  TagReconciliation,
} from './tag-reconciliation-contracts';
export { BULK_JOB_STATUSES, bulkJobSchema, startedBulkActionSchema } from './bulk-contracts';
export type { BulkJob, StartedBulkAction } from './bulk-contracts';
export {
  CSV_ENCODINGS,
  IMPORT_STATUSES,
  finishedImportSchema,
  importSchema,
  importWarningListSchema,
  importWarningSchema,
} from './import-contracts';
export type { FinishedImport, Import, ImportWarning, ImportWarningList } from './import-contracts';
export {
  DELETED_RETENTION_DAYS,
  deletionPageSchema,
  deletionSchema,
  restoredSchema,
} from './deletion-contracts';
export type { Deletion, DeletionPage, Restored } from './deletion-contracts';
export {
  AI_CALLS,
  AI_CLIENT_TOKEN_HEADER,
  AI_CLIENT_TOKENS,
  EMPTY_AI_CONTEXT,
  aiAnswerSchema,
  aiAnswerSchemas,
  aiContextSchema,
  aiRequestSchemas,
  aiSettingsSchema,
  aiStyleAnswerSchema,
  aiTemplateAnswerSchema,
  aiUsageSchema,
  aiWritingStyleSchema,
} from './ai-contracts';
export type {
  AiAnswer,
  AiCall,
  AiContext,
  AiRequest,
  AiSettings,
  AiTemplateAnswer,
  AiUsage,
  AiWritingStyle,
} from './ai-contracts';
export {
  changeRatio,
  isKnownTimeZone,
  KPI_RANGE_PRESETS,
  kpiBucketStart,
  kpiTimeBucket,
  listPeriodDays,
  MAX_KPI_RANGE_DAYS,
  medianFromBuckets,
  presetKpiRange,
  resolveKpiPeriod,
  startOfDayInZone,
  currentKpiRange,
  MAX_TEAM_KPIS,
  TEAM_KPI_METRICS,
  TEAM_KPI_PERIODS,
} from './dashboards';
export type { KpiPeriod, KpiRangePreset, TeamKpiMetric, TeamKpiPeriod } from './dashboards';
export {
  DAILY_GOAL_MAX,
  dailyGoalInputSchema,
  dailyGoalSchema,
  homeDashboardSchema,
  kpiPeriodSchema,
  kpiReportSchema,
  teamKpiInputSchema,
  teamKpiListSchema,
  teamKpiSavedSchema,
  teamKpiSchema,
} from './dashboard-contracts';
export type {
  DailyGoal,
  HomeDashboard,
  KpiReport,
  TeamKpi,
  TeamKpiInput,
  TeamKpiList,
} from './dashboard-contracts';
export {
  DEFAULT_MEMBER_REQUEST_PACING,
  MEMBER_REQUEST_BATCH_MAX,
  MEMBER_REQUEST_OUTCOMES,
  MEMBER_REQUEST_STATUSES,
  capturedMemberRequestSchema,
  groupIntegrationSchema,
  memberRequestBatchResultSchema,
  memberRequestBatchSchema,
  memberRequestDecisionSchema,
  memberRequestDryRunSchema,
  memberRequestOutcomeSchema,
  memberRequestPacingSchema,
  memberRequestRulesSchema,
  memberRequestSchema,
  memberRequestWorkSchema,
} from './member-request-contracts';
export type {
  CapturedMemberRequest,
  GroupIntegration,
  MemberRequest,
  MemberRequestBatch,
  MemberRequestBatchResult,
  MemberRequestDecision,
  MemberRequestDryRun,
  MemberRequestOutcome,
  MemberRequestOutcomeReport,
  MemberRequestPacing,
  MemberRequestRules,
  MemberRequestStatus,
  MemberRequestWork,
} from './member-request-contracts';
export {
  LEAD_SCORE_DETAILED_ANSWER,
  LEAD_SCORE_WEIGHTS,
  RULE_DECISIONS,
  decideMemberRequest,
  meetsCondition,
  memberRequestRuleSchema,
  ruleConditionSchema,
  scoreMemberRequest,
} from './member-request-rules';
export type { MemberRequestRule, RequestFacts, RuleCondition, RuleDecision } from './member-request-rules';
export { MEMBER_REQUEST_PLATFORMS, isGroupIntegration } from './group-integrations';
export type { MemberRequestPlatform } from './group-integrations';
export {
  QUEUE_BLOCK_PAUSE_MINUTES,
  QUEUE_BULK_ACTIONS,
  QUEUE_BULK_IDS_MAX,
  QUEUE_CANCEL_REASONS,
  QUEUE_FAILURES_TO_PAUSE,
  QUEUE_ITEM_STATUSES,
  QUEUE_LEASE_SECONDS,
  QUEUE_TEXT_MAX,
  QUEUE_WAIT_REASONS,
  leasedQueueItemSchema,
  newQueueItemSchema,
  queueCancelForContactSchema,
  queueCancelledSchema,
  queueItemEditSchema,
  queueItemListQuerySchema,
  queueItemMoveSchema,
  queueItemPageSchema,
  queueItemSchema,
  queueItemsBulkResultSchema,
  queueItemsBulkSchema,
  queueLeaseSchema,
  queuePauseRequestSchema,
  queuePauseSchema,
  queuePlatformSchema,
  queueReportResultSchema,
  queueReportSchema,
  queueSettingsAnswerSchema,
  queueStatusSchema,
} from './message-queue-contracts';
export type {
  NewQueueItem,
  QueueItem,
  QueueItemListQuery,
  QueueItemMove,
  QueueItemPage,
  QueueItemStatus,
  QueueItemsBulk,
  QueueItemsBulkResult,
  QueueLease,
  QueueReport,
  QueueReportResult,
  QueueSettingsAnswer,
  QueueStatus,
  QueueWaitReason,
} from './message-queue-contracts';
export {
  WORKFLOW_STATUSES,
  type WorkflowStatus,
  WORKFLOW_RUN_STATUSES,
  type WorkflowRunStatus,
  WORKFLOW_RESTART_GUARD_MS,
  WORKFLOW_MAX_DEPTH,
  WORKFLOW_STEP_ATTEMPTS,
  WORKFLOW_MAX_STEPS,
  WORKFLOW_MAX_WAIT_DAYS,
  workflowTriggerSchema,
  type WorkflowTrigger,
  type WorkflowTriggerType,
  workflowConditionsSchema,
  type WorkflowConditions,
  WAIT_UNITS,
  type WaitUnit,
  workflowStepSchema,
  type WorkflowStep,
  type WorkflowStepType,
  workflowDefinitionSchema,
  findDefinitionProblem,
  type WorkflowDefinition,
  workflowInputSchema,
  type WorkflowInput,
  workflowSchema,
  type Workflow,
  workflowRunStepLogSchema,
  type WorkflowRunStepLog,
  workflowRunSchema,
  type WorkflowRun,
  type WorkflowEvent,
  type WorkflowActivity,
  eventOfActivity,
  WORKFLOW_ACTIVITY_TYPES,
  triggerMatches,
  type WorkflowPersonFacts,
  workflowPipelineId,
  conditionsMet,
  waitMs,
  waitEnds,
  whyRunCannotStart,
  describeWait,
  type WorkflowNames,
  describeTrigger,
  describeStep,
} from './workflows';
