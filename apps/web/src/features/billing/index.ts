export { BillingTab } from './components/billing-tab';
export { formatStatus, formatTierName } from './lib/format-billing';
