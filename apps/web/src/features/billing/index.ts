export { BillingTab } from './components/billing-tab';
export { formatStatus, formatTierName } from './lib/format-billing';
export { TrialBadge } from './components/trial-badge';
