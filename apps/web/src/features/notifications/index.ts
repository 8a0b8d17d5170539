export { appNotificationsQueryKey } from './api/get-app-notifications';
export { NotificationCenter } from './components/notification-center';
