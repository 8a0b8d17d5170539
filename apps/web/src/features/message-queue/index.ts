export { BulkQueueFields } from './components/bulk-queue-fields';
export { ConversationsPage } from './components/conversations-page';
export { QueueMessageModal } from './components/queue-message-modal';
export { QueueSetupPage } from './components/queue-setup-page';
export { EMPTY_BULK_QUEUE_DRAFT, toQueueMessageAction } from './lib/bulk-queue';
export type { BulkQueueDraft, QueueMessageAction } from './lib/bulk-queue';
export { readConversationPlatform, readConversationTab } from './lib/conversation-tabs';
export { describeQueuePlanGate } from './lib/plan-gate';
