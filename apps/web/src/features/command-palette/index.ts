// The command palette (Ctrl/Cmd+K) and the list of keyboard shortcuts ("?"), mounted once in the main layout.
export { CommandPaletteLauncher as CommandPalette } from './components/command-palette-launcher';
export { KeyboardShortcuts } from './components/keyboard-shortcuts';
