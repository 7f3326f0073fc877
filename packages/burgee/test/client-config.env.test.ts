// biome-ignore-all lint/suspicious/noTemplateCurlyInString: the entries hold the clients' own ${VAR} placeholders
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from './support/cli.js';
import { program } from './support/client-config.js';
import { CLIENT_FILES, type ClientFile, type Doc, parseAs, writeClientFile } from './support/client-files.js';
import { home, project, scratchHomeAndProject } from './support/scratch.js';

// `mcp config|install <client> --env NAME`: the entry has the client pass NAME from its own
// environment to the server, in that client's own way, by name; the value is never written. The
// forms are restated here from each client's documentation, not read from burgee's source.
const SECRET = 'postgres://ada:hunter2-s3cret@db.internal/app';

/** How each client references a variable of its environment in an entry: the key, and its value for DATABASE_URL. */
const FORMS: Record<string, { key: string; value: unknown; mine: [unknown, unknown] }> = {
  'claude-code': { key: 'env', value: { DATABASE_URL: '${DATABASE_URL}' }, mine: ['LOG', 'debug'] },
  cursor: { key: 'env', value: { DATABASE_URL: '${env:DATABASE_URL}' }, mine: ['LOG', 'debug'] },
  vscode: { key: 'env', value: { DATABASE_URL: '${env:DATABASE_URL}' }, mine: ['LOG', 'debug'] },
  codex: { key: 'env_vars', value: ['DATABASE_URL'], mine: ['LOG_LEVEL', undefined] },
  gemini: { key: 'env', value: { DATABASE_URL: '${DATABASE_URL}' }, mine: ['LOG', 'debug'] },
  windsurf: { key: 'env', value: { DATABASE_URL: '${env:DATABASE_URL}' }, mine: ['LOG', 'debug'] },
  copilot: { key: 'env', value: { DATABASE_URL: '${DATABASE_URL}' }, mine: ['LOG', 'debug'] },
  opencode: { key: 'environment', value: { DATABASE_URL: '{env:DATABASE_URL}' }, mine: ['LOG', 'debug'] },
  goose: { key: 'env_keys', value: ['DATABASE_URL'], mine: ['LOG_LEVEL', undefined] },
};
/** The clients that read no reference to a variable in their file: only a value could go there. */
const WITHOUT = ['claude-desktop', 'zed'];
const able = CLIENT_FILES.filter((c) => FORMS[c.client] !== undefined);

scratchHomeAndProject('burgee-env-');

/** Runs the deploy example (program `tool`) with the secret in its environment, as a person's shell has it. */
const tool = (...args: string[]) =>
  runCli(program, ['mcp', ...args], { cwd: project, env: { HOME: home, DATABASE_URL: SECRET } });
const entryOf = (c: ClientFile, doc: Doc) => (doc[c.key] as Record<string, Record<string, unknown>>).tool!;
/** The text of every file under the two folders: the secret must be in none of them. */
const everyFile = (): string =>
  [home, project]
    .flatMap((dir) => readdirSync(dir, { recursive: true, withFileTypes: true }))
    .filter((entry) => entry.isFile())
    .map((entry) => readFileSync(join(entry.parentPath, entry.name), 'utf8'))
    .join('\n');

describe('K1 · mcp config <client> --env NAME: the client passes the variable by name', () => {
  it.each(able)('K1 · $client writes its own reference at its own key (probe: mcp-config-env)', async (c) => {
    const result = await tool('config', c.client, '--env', 'DATABASE_URL');
    expect(result.code).toBe(0);
    // The lines before the fragment say where it goes; the rest is the client's own format.
    const fragment = result.stdout.replace(/^(#[^\n]*\n)+/, '');
    const entry = entryOf(c, parseAs(c.format, fragment));
    expect(entry[FORMS[c.client]!.key]).toEqual(FORMS[c.client]!.value);
    expect(c.launch(entry)).toEqual({ command: process.execPath, args: [program, '--mcp'] });
    expect(result.stdout).toContain('the client passes $DATABASE_URL from its own environment');
    expect(result.stdout + result.stderr).not.toContain(SECRET);
    expect(everyFile()).toBe('');
  });

  it('K1 · --json gives the entry with the references; --env repeats, each name once (probe: mcp-config-env)', async () => {
    const result = await tool('config', 'cursor', '--env', 'DATABASE_URL', '--env=API_KEY', '--env', 'DATABASE_URL');
    expect(result.code).toBe(0);
    const data = JSON.parse(
      (await tool('config', 'cursor', '--env', 'DATABASE_URL', '--env=API_KEY', '--json')).stdout,
    ).data;
    expect(data.entry.env).toEqual({ DATABASE_URL: '${env:DATABASE_URL}', API_KEY: '${env:API_KEY}' });
    expect(result.stdout).toContain('"API_KEY": "${env:API_KEY}"');
  });
});

describe('K2 · mcp install <client> --env NAME', () => {
  it.each(able)(
    "K2 · $client: written by name, never by value; a re-install keeps the person's variables and rewrites burgee's (probe: mcp-config-env)",
    async (c) => {
      const form = FORMS[c.client]!;
      const file = c.file(home, project);
      const first = await tool('install', c.client, '--env', 'DATABASE_URL', '--json');
      expect(first.code).toBe(0);
      expect(entryOf(c, parseAs(c.format, readFileSync(file, 'utf8')))[form.key]).toEqual(form.value);

      // The person adds a variable of their own and spoils burgee's reference.
      const doc = parseAs(c.format, readFileSync(file, 'utf8'));
      const [name, value] = form.mine;
      const entry = entryOf(c, doc);
      entry[form.key] = Array.isArray(form.value) ? [name] : { [name as string]: value, DATABASE_URL: 'stale' };
      writeClientFile(c, file, doc);

      const again = await tool('install', c.client, '--env', 'DATABASE_URL', '--json');
      expect(again.code).toBe(0);
      const after = entryOf(c, parseAs(c.format, readFileSync(file, 'utf8')))[form.key];
      expect(after).toEqual(
        Array.isArray(form.value)
          ? [name, 'DATABASE_URL']
          : { [name as string]: value, ...(form.value as Record<string, unknown>) },
      );
      // Without --env the variables are the person's: kept as they are, nothing to write.
      const plain = JSON.parse((await tool('install', c.client, '--json')).stdout);
      expect(plain.data.changed).toBe(false);
      expect(first.stdout + first.stderr + again.stdout + again.stderr).not.toContain(SECRET);
      expect(existsSync(`${file}.bak`)).toBe(true);
      expect(everyFile()).not.toContain(SECRET);
    },
  );
});

describe('K1 · --env refused where it cannot work, exit 2, nothing written', () => {
  /** Expects exit 2 with the failure envelope, no file written, and the secret in no output. */
  const refused = async (...args: string[]) => {
    const result = await tool(...args, '--json');
    expect(result.code).toBe(2);
    expect(result.stdout + result.stderr).not.toContain(SECRET);
    expect(readdirSync(project)).toEqual([]);
    expect(readdirSync(home)).toEqual([]);
    return JSON.parse(result.stdout).error as { message: string; hint?: string; fix?: string };
  };

  it.each(WITHOUT)(
    'K1 · %s reads no reference to a variable: --env is refused, naming why and what to do (probe: mcp-config-env)',
    async (client) => {
      for (const action of ['config', 'install']) {
        const error = await refused(action, client, '--env', 'DATABASE_URL');
        expect(error.message).toBe(
          `${client} cannot pass DATABASE_URL to the server without the value being written in its file, and burgee never writes a value`,
        );
        expect(error.hint).toContain(`through ${client} yourself`);
        expect(error.hint).toContain('claude-code, cursor, vscode, codex, gemini, windsurf, copilot, opencode, goose');
      }
    },
  );

  it('K1 · with --http the client starts no server, so --env is refused, the fix without it (probe: mcp-config-env)', async () => {
    const error = await refused('install', 'cursor', '--http', 'http://127.0.0.1:7000/mcp', '--env', 'DATABASE_URL');
    expect(error.message).toContain('with --http the server already runs');
    expect(error.fix).toBe('tool mcp install cursor --http http://127.0.0.1:7000/mcp --json');
  });

  it('K4 · a word that is not a name is refused without showing it: it may be a value (probe: mcp-config-env)', async () => {
    for (const word of ['1BAD', 'DATABASE-URL', SECRET, '$API_KEY']) {
      const error = await refused('install', 'cursor', '--env', word);
      expect(error.message).toContain('--env expects the name of an environment variable');
      expect(JSON.stringify(error)).not.toContain(word);
    }
  });

  it('K4 · NAME=value is refused, the value shown nowhere, the fix keeping the name (probe: mcp-config-env)', async () => {
    const error = await refused('install', 'cursor', `--env=DATABASE_URL=${SECRET}`);
    expect(error.message).toContain("--env takes a variable's name only, never its value");
    expect(error.fix).toBe('tool mcp install cursor --env=DATABASE_URL --json');
  });

  it('K4 · the value of a variable, as the shell puts it for --env $NAME, is refused, naming the variable (probe: mcp-config-env)', async () => {
    const value = 'ghp_Ab12Cd34Ef56';
    const result = await runCli(program, ['mcp', 'install', 'cursor', '--env', value, '--json'], {
      cwd: project,
      env: { HOME: home, GITHUB_TOKEN: value },
    });
    expect(result.code).toBe(2);
    const { error } = JSON.parse(result.stdout);
    expect(error.message).toContain('--env was given the value of $GITHUB_TOKEN');
    expect(error.fix).toBe('tool mcp install cursor --env GITHUB_TOKEN --json');
    expect(result.stdout + result.stderr).not.toContain(value);
    expect(readdirSync(project)).toEqual([]);
  });
});
