export { DEFAULT_SCHEMA_BUDGET, DEFAULT_TOOL_BUDGET } from './budgets.js';
export { findCommand, listCommands } from './commands.js';
export { ExitCode, type ExitCodeName, isAuthorCode, isExitCodeName } from './exit-codes.js';
export { isCamelCase, toCamel, toKebab, toScreamingSnake } from './names.js';
export * from './types.js';
