// The extension's sidebar (/bex/sidebar): the person on a social page as GroupTrack knows them.
export { ExtensionSidebar } from './components/extension-sidebar';
