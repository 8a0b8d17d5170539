export { ImportWizard } from './components/import-wizard';
export { FinishedImportsList } from './components/finished-imports-list';
export { formatImportOutcome, useFinishedImports, useMarkFinishedImportsRead } from './api/imports';
export type { FinishedImport } from './api/imports';
export { isImportOnScreen } from './lib/imports-on-screen';
