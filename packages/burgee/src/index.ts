export { detectAgent } from 'roundel';
export type {
  ActionRequest,
  ArgumentSpec,
  Ask,
  CheckSettings,
  Command,
  CommandDefinition,
  Context,
  InferArguments,
  InferOptions,
  NextStep,
  OptionSpec,
  Program,
  ProgramDefinition,
  Progress,
  StandardSchemaV1,
} from './declaration/index.js';
export { DefinitionError, defineCommand, defineProgram, RESERVED_OPTIONS } from './declaration/index.js';
export { buildManifest } from './declaration/to-manifest.js';
export {
  AuthError,
  BurgeeError,
  ConfigError,
  type DefinedErrorClass,
  defineError,
  UsageError,
} from './errors/errors.js';
export { ExitCode, type ExitCodeName } from './manifest/exit-codes.js';
export { Effects, type Manifest, type ManifestCommand, type ManifestOption } from './manifest/types.js';
export { type RunOptions, run } from './run/run.js';
