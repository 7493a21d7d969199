export { compareWithBaseline } from './baseline.ts'
export {
  type BoundaryConfig,
  checkImportBoundaries,
  isTestFile,
  type LayerRules,
  type Violation,
  workspaceFolders,
} from './import-boundaries.ts'
export {
  baselineEntry,
  collectExportedValues,
  type ExportedValues,
  findLiteralDuplicates,
  formatHit,
  type LiteralHit,
} from './literal-duplication.ts'
export { sourceFiles } from './source-files.ts'
