export { ImportWizard } from './components/import-wizard';
export { FinishedImportItem } from './components/finished-imports-list';
export { formatImportOutcome, useFinishedImports, useMarkFinishedImportsRead } from './api/imports';
export type { FinishedImport } from './api/imports';
export { isImportOnScreen } from './lib/imports-on-screen';
