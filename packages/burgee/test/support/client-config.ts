// `mcp install` against the scratch HOME and project of `scratchHomeAndProject`: each install a real
// process of the deploy example (server name `tool`), every file read back with its format's own library.
import { join } from 'node:path';
import { example, runCli } from './cli.js';
import { home, project } from './scratch.js';

/** The deploy example's entry, the program each install starts. */
export const program = example('deploy');
/** The launch a stdio entry of the deploy example holds: this node, the entry, `--mcp`. */
export const stdio = { command: process.execPath, args: [program, '--mcp'] };

/** Runs `tool mcp install <client> --json …` in the test's project, with its HOME (`scratchHomeAndProject`). */
export const install = (client: string, ...more: string[]) =>
  runCli(program, ['mcp', 'install', client, '--json', ...more], { cwd: project, env: { HOME: home } });
/** The project's `.mcp.json` (claude-code's project file). */
export const mcpJson = () => join(project, '.mcp.json');
/** goose's config file, in the test's HOME. */
export const gooseFile = () => join(home, '.config', 'goose', 'config.yaml');
