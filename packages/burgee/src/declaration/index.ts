export type * from './ask.js';
export { RESERVED_OPTIONS } from './check.js';
export { defineCommand, defineProgram, isProgram, toProgram } from './define.js';
export { DefinitionError } from './errors.js';
export type * from './types.js';
