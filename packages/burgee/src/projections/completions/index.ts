export { type Candidates, toCandidates } from './candidates.js';
export { isShell, renderCompletion, SHELLS, type Shell } from './render-completion.js';
export { type CompletionNode, type CompletionTable, toCompletionTable, type ValueFlag } from './table.js';
