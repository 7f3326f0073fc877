export {
  buildManifest,
  DEFAULT_SCHEMA_BUDGET,
  DEFAULT_TOOL_BUDGET,
  findCommand,
  listCommands,
  manifestOf,
} from './build.js';
export { ExitCode, type ExitCodeName, isAuthorCode, isExitCodeName } from './exit-codes.js';
export { isCamelCase, toCamel, toKebab, toScreamingSnake } from './names.js';
export * from './types.js';
