// The extension's overlay (/bex/overlay): which people of a social list page are in GroupTrack.
export { ExtensionOverlay } from './components/extension-overlay';
