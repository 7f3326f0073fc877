// K2/K4 for the formats that carry comments besides TOML: JSON with comments (Zed's settings,
// opencode's config) and YAML (goose's config). Each install is a real process of the deploy
// example (server name `tool`); every file is read back with its format's own library.
import { join } from 'node:path';
import { example, runCli } from './cli.js';
import { home, project } from './scratch.js';

/** The deploy example's entry, the program each install starts. */
export const program = example('deploy');

/** Runs `tool mcp install <client> --json …` in the test's project, with its HOME (`scratchHomeAndProject`). */
export const install = (client: string, ...more: string[]) =>
  runCli(program, ['mcp', 'install', client, '--json', ...more], { cwd: project, env: { HOME: home } });
/** goose's config file, in the test's HOME. */
export const gooseFile = () => join(home, '.config', 'goose', 'config.yaml');
