export { schemaCommandName, toCommandSchema } from './command-schema.js';
export {
  comesFromEnv,
  declaredDescription,
  mustBeGiven,
  needsValue,
  publishedDefault,
  toInputSchema,
  visibleOptions,
} from './input-schema.js';
export {
  findSchemaCommand,
  firstSentence,
  fitManifestSchema,
  listSchemaCommands,
  renderSchema,
  toSchemaDocument,
} from './schema-document.js';
export { selectSchemaField } from './select-field.js';
export type * from './types.js';
