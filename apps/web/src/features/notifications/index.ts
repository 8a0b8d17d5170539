export { appNotificationsQueryKey } from './api/get-app-notifications';
export { NotificationBell } from './components/notification-bell';
export { NotificationCenter } from './components/notification-center';
