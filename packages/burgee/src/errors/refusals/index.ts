export { argumentNotAChoice, argumentNotANumber } from './arguments.js';
export {
  insertWords,
  optionEnd,
  plainWords,
  replaceWord,
  secretWord,
  valueWord,
  type Word,
  writeLine,
} from './command-line.js';
export {
  configTooDeep,
  configTooLarge,
  type FilePlace,
  MAX_CONFIG_BYTES,
  MAX_CONFIG_DEPTH,
  misplacedOption,
  misplacedSection,
  notARegularFile,
  notASection,
  placeText,
  unknownConfigKey,
} from './config.js';
export { badAddress, badOrigin, badSize, cannotBind, needsToken, unsendableToken } from './http.js';
export {
  globalNotHere,
  needsCommand,
  needsValue,
  notBoolean,
  notWithMcp,
  takesNoValue,
  unknownCommand,
  unknownOption,
} from './parse.js';
export { promptFix } from './prompts.js';
export { commandName, type Refusal, type Scene } from './refusal.js';
export { missingArgument, missingOption, outOfRange, schemaRefused, unexpectedArgument } from './resolve.js';
export { noChanged, notJson } from './results.js';
export { agentOrAll, nothingForAgents, takesNoWords } from './skills.js';
export { didYouMean, editDistance, shellQuote, suggest } from './suggest.js';
export {
  badBudget,
  badPage,
  budgetTooSmall,
  explainNoOption,
  fullIsUnfitted,
  mcpNeedsProcess,
  noSchemaOfItsOwn,
  noSuchField,
  noSuchPage,
  noVersion,
  pageOfOneCommand,
  toolNameClash,
} from './surfaces.js';
export {
  cannotPassVariables,
  dryRunOnlyInstall,
  envWithHttp,
  notAServerUrl,
  notAVariableName,
  notOneOf,
  oneTooMany,
  synthesisedNeedsValue,
  unknownSynthesisedOption,
  valueForName,
} from './synthesised.js';
export { detachNeedsProcess, needsTaskId, noSuchTask, notATask, taskOver } from './tasks.js';
export { namesSubcommand, notAWord, readAsOption, skippedArgument, unknownArgument } from './tool-arguments.js';
