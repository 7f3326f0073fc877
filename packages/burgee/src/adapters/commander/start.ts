// What `burgee/commander` loads on demand, in one import. `run` comes through the package's public
// entry (a self-reference), so bundling never splits it out of that entry into a chunk of its own.
export { run } from 'burgee';
export { divertUncapturedStdout } from '../../process/capture.js';
export { commanderProgram } from './host.js';
