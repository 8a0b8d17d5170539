export { ExtensionInstallPage } from './components/extension-install-page';
