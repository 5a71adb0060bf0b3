/**
 * Everything of the chat screen's endpoint, preset and key features that waits for first use,
 * behind one dynamic import: each extra lazy entry made the bundler split shared UI code out of
 * the chat page's first load, so one entry keeps that load small.
 */
export { default as KeyDialog } from '../keys/key-dialog.tsx';
export { default as NewConvoMenuPopover } from '../presets/new-convo-menu-popover.tsx';
export { default as PresetDialogs } from '../presets/preset-dialogs.tsx';
export { default as SettingsPanel } from '../parameters/settings-panel.tsx';
