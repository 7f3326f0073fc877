import type { Manifest, ManifestCommand, ManifestOption } from './types.js';

/**
 * The manifest as the environment of one run sees it: each option whose variable is set there is
 * marked `envSet` (P2), so a surface an agent reads (`--schema`, the MCP tool list, `--llms`,
 * `skills print`) does not ask for what the environment already gives. The manifest itself is never
 * changed; one whose variables are all unset comes back as it is.
 */
export function withEnvironment(manifest: Manifest, env: Readonly<Record<string, string | undefined>>): Manifest {
  const seen = seenEnvs.get(manifest);
  if (seen?.env === env) return seen.manifest;
  const root = markCommand(manifest.root, env);
  const marked = root === manifest.root ? manifest : { ...manifest, root };
  seenEnvs.set(manifest, { env, manifest: marked });
  return marked;
}

/** The last environment each manifest was seen in: an MCP server lists its tools in one environment. */
const seenEnvs = new WeakMap<Manifest, { env: object; manifest: Manifest }>();

function markCommand(command: ManifestCommand, env: Readonly<Record<string, string | undefined>>): ManifestCommand {
  const options = command.options.map((option) => markOption(option, env));
  const commands = command.commands.map((child) => markCommand(child, env));
  const same = options.every((o, i) => o === command.options[i]) && commands.every((c, i) => c === command.commands[i]);
  return same ? command : { ...command, options, commands };
}

function markOption(option: ManifestOption, env: Readonly<Record<string, string | undefined>>): ManifestOption {
  const set = option.env !== undefined && env[option.env] !== undefined;
  return set === (option.envSet === true) ? option : { ...option, envSet: true };
}
