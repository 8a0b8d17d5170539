export { AppNavigation } from './components/app-navigation';
export { BaseDataError } from './components/base-data-error';
export { BaseDataLoader } from './components/base-data-loader';
export {
  ExtensionStatusAlert,
  ExtensionStatusProvider,
  useExtensionCheck,
} from './components/extension-status';
export { UserMenu } from './components/user-menu';
export { VersionBanner } from './components/version-banner';
export { useAppUpdates } from './hooks/use-app-updates';
export { useHelpWidget } from './hooks/use-help-widget';
export { NAV_AREAS, selectNavAreas, type NavArea } from './nav-items';
export { ComingPage } from './components/coming-page';
