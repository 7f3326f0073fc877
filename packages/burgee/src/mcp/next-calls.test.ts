import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { program as deploy } from '../../../../examples/deploy/cli.mjs';
import { program as ship } from '../../../../examples/ship/cli.mjs';
import { manifestOf } from '../declaration/to-manifest.js';
import type { Manifest, ManifestCommand } from '../manifest/types.js';
import { parseArgv } from '../pipeline/parse-argv.js';
import { resolveInputs } from '../pipeline/resolve.js';
import { toCallArgv } from '../projections/mcp/argument-types.js';
import { mayBeOnElsewhere } from '../projections/mcp/argv.js';
import { findToolCommand, toolName } from '../projections/mcp/tools.js';
import { splitShellLine } from '../text/shell-words.js';
import { toNextCall, withNextCalls } from './next-calls.js';
import type { ToolResult } from './tool-result.js';

const shipManifest = manifestOf(ship);
const deployManifest = manifestOf(deploy);

/** What the handler would receive from these words (no environment, no config file), or the refusal. */
function received(manifest: Manifest, argv: readonly string[]): unknown {
  try {
    const parsed = parseArgv(manifest, argv);
    const resolved = resolveInputs({ manifest, parsed, env: {}, config: undefined, specs: {} });
    if (resolved instanceof Promise) throw new Error('no option of the examples refines its value');
    const { options, args, provenance } = resolved;
    // A plain boolean typed false is the flag left off, as M3 writes `false` for it: the same run.
    for (const option of parsed.command.options) {
      if (options[option.key] === false && !mayBeOnElsewhere(option, manifest)) {
        delete options[option.key];
        delete provenance[option.key];
      }
    }
    // Where a flag came from is how it was spelled (`--verify=0` or `--no-verify`): the source is what must agree.
    const sources = Object.fromEntries(Object.entries(provenance).map(([key, entry]) => [key, entry.source]));
    return { command: parsed.command.path, options, args, sources };
  } catch (error) {
    return { refused: (error as Error).constructor.name };
  }
}

/** The words the server runs for a call: what `tools/call` with those arguments would run (M3). */
function serverArgv(manifest: Manifest, call: { tool: string; arguments: Record<string, unknown> }): string[] {
  const command = findToolCommand(manifest, call.tool)!;
  const written = toCallArgv(command, call.arguments, { program: manifest.name, config: manifest.config });
  if ('refusal' in written) throw new Error(`the server refuses the call: ${written.refusal.message}`);
  return written.argv;
}

/** The same run from the line's words and from its tool call, or no call at all. */
function expectSameRun(manifest: Manifest, line: string) {
  const call = toNextCall(manifest, line);
  if (call === undefined) return undefined;
  const split = splitShellLine(line);
  const words = split.ok ? split.words.slice(1) : [];
  expect(received(manifest, serverArgv(manifest, call))).toEqual(received(manifest, words));
  return call;
}

describe('Q6 · a next step as the tool call that runs it', () => {
  it.each([
    [
      deployManifest,
      'tool deploy --target prod --yes --json',
      { tool: 'deploy', arguments: { target: 'prod', yes: true } },
    ],
    [
      deployManifest,
      "tool deploy --target 'eu west' --yes=false",
      { tool: 'deploy', arguments: { target: 'eu west' } },
    ],
    [
      shipManifest,
      'ship release api web -b 2.0.0 --tag hotfix,urgent --replicas 03 --no-verify --canary .5 --dry-run --json',
      {
        tool: 'release',
        arguments: {
          build: '2.0.0',
          replicas: 3,
          canary: 0.5,
          tag: ['hotfix', 'urgent'],
          dryRun: true,
          verify: false,
          services: ['api', 'web'],
        },
      },
    ],
    [
      shipManifest,
      'ship config set region "eu west"',
      { tool: 'config_set', arguments: { key: 'region', value: 'eu west' } },
    ],
    [shipManifest, 'ship release --build=1 --format json', { tool: 'release', arguments: { build: '1' } }],
  ])('Q6 · %#: %s', (manifest, line, call) => {
    expect(expectSameRun(manifest, line)).toStrictEqual(call);
  });

  it.each([
    ['another program', 'git status'],
    ["burgee's own flag", 'ship --schema'],
    ["burgee's own flag beside a command", 'ship release --build 1 --explain build'],
    ['a config file the call cannot name', 'ship release --build 1 --config other.json'],
    ["burgee's own command", 'ship completion bash'],
    ['a withheld command (no tool)', 'ship db drop --yes --json'],
    ['a group, which runs nothing', 'ship config'],
    ['environment assignments', 'SHIP_TOKEN=x ship release --build 1'],
    ['a pipe', 'ship status --json | jq .data'],
    ['a redacted secret', 'ship release --build=1 --token=<secret> --json'],
    ['a placeholder', 'ship rollback --json --service <value> --reason <value>'],
    ['words after --', 'ship release --build 1 -- api'],
    ['a line the parser refuses', 'ship release --build 1 --chanel beta'],
    ['a value the inputSchema cannot type', 'ship release --build 1 --replicas many'],
    ['a positional a call cannot write as one', 'ship release --build 1 -- -x'],
    ['an unclosed quote', "ship release --build '1"],
  ])('Q6 · no call for %s: %s', (_, line) => {
    expect(toNextCall(shipManifest, line)).toBeUndefined();
  });

  it('Q6 · every example of the example programs: a call for each tool command, running the same values', () => {
    const seen: string[] = [];
    for (const manifest of [deployManifest, shipManifest]) {
      for (const command of commandsOf(manifest.root)) {
        const isTool = findToolCommand(manifest, toolName(command)) === command;
        for (const example of command.examples) {
          const call = expectSameRun(manifest, example.command);
          expect(call?.tool, example.command).toBe(isTool ? toolName(command) : undefined);
          seen.push(example.command);
        }
      }
    }
    expect(seen.length).toBeGreaterThan(10);
  });

  it('Q6 · generated release lines: the call runs what the line runs, and any line the parser reads has one', () => {
    const release = findToolCommand(shipManifest, 'release')!;
    fc.assert(
      fc.property(releaseLine(release), (words) => {
        // Every word quoted: a word the fix writer leaves bare (`<value>`) is a placeholder, not a value.
        const line = ['ship', 'release', ...words].map((word) => `'${word.replace(/'/g, `'\\''`)}'`).join(' ');
        const call = expectSameRun(shipManifest, line);
        const read = (received(shipManifest, ['release', ...words]) as { refused?: string }).refused === undefined;
        if (read && !words.includes('--')) expect(call?.tool, line).toBe('release');
      }),
      { numRuns: 300 },
    );
  });
});

describe('Q6 · next steps and fixes in structuredContent', () => {
  const envelope = {
    ok: false,
    status: 'action_required',
    reason: 'confirm',
    message: 'm',
    next: [{ command: 'ship db drop --yes --json' }, { command: 'ship status --json', when: 'first' }],
    error: { code: 4, message: 'm' },
  };
  /** A result as the server makes it: the envelope as text, and as an object only when asked (a tool's outputSchema). */
  const resultOf = (body: object, structured = false): ToolResult => ({
    content: [{ type: 'text', text: JSON.stringify(body) }],
    ...(structured ? { structuredContent: structuredClone(body) as Record<string, unknown> } : {}),
    isError: (body as { ok?: unknown }).ok === false,
  });

  it.each([false, true])(
    'Q6 · a step that runs a tool gains tool and arguments; one that does not stays as it is (object sent already: %s)',
    (structured) => {
      const given = resultOf(envelope, structured);
      const result = withNextCalls(shipManifest, given);
      expect(result.structuredContent?.next).toStrictEqual([
        { command: 'ship db drop --yes --json' },
        { command: 'ship status --json', when: 'first', tool: 'status', arguments: {} },
      ]);
      // The text stays the CLI's envelope (M4); the result it was given is left as it was.
      expect(result.content).toBe(given.content);
      expect(given.structuredContent?.next ?? envelope.next).toStrictEqual(envelope.next);
    },
  );

  it('Q6 · a fix gains fixCall beside it; success and fixes with no call are the result given, with no object added', () => {
    const fix = {
      ok: false,
      error: { code: 2, message: 'x', fix: 'ship release --build=1 --channel=beta --json', usage: {} },
    };
    const error = withNextCalls(shipManifest, resultOf(fix)).structuredContent?.error as Record<string, unknown>;
    expect(Object.keys(error)).toEqual(['code', 'message', 'fix', 'fixCall', 'usage']);
    expect(error.fixCall).toStrictEqual({
      tool: 'release',
      arguments: { build: '1', channel: 'beta' },
    });
    for (const body of [
      { ok: true, data: null, meta: { provenance: {} } },
      { ok: false, error: { code: 2, message: 'x', fix: 'ship --schema --full' } },
    ]) {
      for (const structured of [false, true]) {
        const given = resultOf(body, structured);
        expect(withNextCalls(shipManifest, given)).toBe(given);
      }
    }
  });
});

function commandsOf(command: ManifestCommand): ManifestCommand[] {
  return [command, ...command.commands.flatMap(commandsOf)];
}

/** Words of a release line in the spellings people type: `--x v`, `--x=v`, `-b v`, lists joined or repeated. */
function releaseLine(release: ManifestCommand): fc.Arbitrary<string[]> {
  const text = fc.oneof(fc.string(), fc.constantFrom('', 'a b', "it's", '-x', '--y', '=', '1,2', '$HOME', 'é'));
  const number = fc.oneof(fc.integer({ min: -3, max: 30 }).map(String), fc.constantFrom('03', '1e1', '.5', '2.0', 'x'));
  const valued = (flag: string, value: fc.Arbitrary<string>) =>
    fc.tuple(fc.boolean(), value).map(([inline, v]) => (inline ? [`${flag}=${v}`] : [flag, v]));
  const option = fc.oneof(
    valued('--build', text),
    text.map((v) => ['-b', v]),
    valued('--channel', fc.oneof(fc.constantFrom('stable', 'beta', 'nightly'), text)),
    valued('--replicas', number),
    valued('--canary', number),
    valued('--tag', text),
    valued('--region', text),
    fc.constantFrom(['--dry-run'], ['--no-verify'], ['--verify'], ['--dry-run=false'], ['--verify=0']),
  );
  const services = fc.array(fc.oneof(fc.constantFrom('api', 'web', 'worker'), text), { maxLength: 3 });
  expect(release.options.some((o) => o.key === 'build')).toBe(true);
  return fc
    .tuple(valued('--build', text), fc.array(option, { maxLength: 6 }), services)
    .map(([build, options, words]) => [...build, ...options.flat(), ...words]);
}
