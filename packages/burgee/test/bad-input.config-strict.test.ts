// A config file's values are checked as strictly as a flag's (P3): each refusal names the file, the
// key path, the line and the column.
import { writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { configFile, envelopeOf, run, ship } from './support/bad-input.js';
import { scratchCwd } from './support/scratch.js';

scratchCwd('burgee-bad-input-');

describe('P3 · a config file is checked as strictly as a flag: each refusal names the file, the key path, the line and the column', () => {
  /** Runs `ship <command> --build 1.0.0 --json` beside a config file holding `text`; expects exit 3. */
  const refusal = async (text: string, command = 'release'): Promise<{ message: string; hint: string }> => {
    writeFileSync(configFile(), text);
    const result = await run(ship, [command, ...(command === 'release' ? ['--build', '1.0.0'] : []), '--json']);
    expect(result.code).toBe(3);
    return (envelopeOf(result) as unknown as { error: { message: string; hint: string } }).error;
  };

  const cases: [string, string, RegExp, string][] = [
    [
      'a number for a string option, in its command section',
      '{\n  "release": {\n    "region": 5\n  }\n}\n',
      /^"release\.region" \(line 3, column 15\) in .*ship\.config\.json expects a string, got 5$/,
      'write it as a JSON string: "5"',
    ],
    [
      'a string for a number option at the top level',
      '{ "replicas": "5" }',
      /^"replicas" \(line 1, column 15\) in .*ship\.config\.json expects a number, got "5"$/,
      'write it without quotes: 5',
    ],
    [
      'a string for a boolean option',
      '{"release": {"verify": "false"}}',
      /^"release\.verify" \(line 1, column 24\) in .*ship\.config\.json expects true or false, got "false"$/,
      'write it without quotes: false',
    ],
    [
      'an object for a string option',
      '{"region": {"name": "ap"}}',
      /^"region" \(line 1, column 12\) in .*ship\.config\.json expects a string, got \{"name":"ap"\}$/,
      'set "region" to a string',
    ],
    [
      'an array for a single value',
      '{"region": ["ap", "eu"]}',
      /^"region" \(line 1, column 12\) in .*ship\.config\.json expects one value, got \["ap","eu"\]$/,
      'set "region" to one value',
    ],
    [
      'a comma-separated string for a repeatable option, which a flag would split',
      '{"release": {"tag": "hotfix,urgent"}}',
      /^"release\.tag" \(line 1, column 21\) in .*ship\.config\.json expects an array, got "hotfix,urgent"$/,
      'write it as an array: ["hotfix","urgent"]',
    ],
    [
      "an object inside a repeatable option's array, located by its index",
      '{"release": {"tag": [\n  "a",\n  {"x": 1}\n]}}',
      /^"release\.tag\[1\]" \(line 3, column 3\) in .*ship\.config\.json expects a string, got \{"x":1\}$/,
      'make each element of "tag" a string',
    ],
  ];
  it.each(cases)('P3 · %s: exit 3 (probe: config-type-checked)', async (_, text, message, hint) => {
    const error = await refusal(text);
    expect(error.message).toMatch(message);
    expect(error.hint).toBe(hint);
  });

  it('P3 · a choice or a bound out of range names the key path, its place and what it takes (probe: config-choices-range)', async () => {
    const choice = await refusal('{"release": {"channel": "weekly", "replicas": 2}}');
    expect(choice.message).toMatch(
      /^--channel must be one of stable, beta, nightly; got "weekly" \(from config "release\.channel" \(line 1, column 25\) in .*ship\.config\.json\)$/,
    );
    expect(choice.hint).toBe('choose one of stable, beta, nightly');
    const bound = await refusal('{"replicas": 50}');
    expect(bound.message).toMatch(
      /^--replicas must be at most 20; got 50 \(from config "replicas" \(line 1, column 14\) in /,
    );
    expect(bound.hint).toBe('set "replicas" to a whole number from 1 to 20');
    const fraction = await refusal('{"release": {"replicas": 2.5}}');
    expect(fraction.message).toMatch(
      /^"release\.replicas" \(line 1, column 26\) in .* expects a whole number, got 2\.5$/,
    );
    const below = await refusal('{"release": {"tag": ["a"]}, "canary": -1}');
    expect(below.message).toMatch(
      /^--canary must be at least 0; got -1 \(from config "canary" \(line 1, column 39\) in /,
    );
    expect(below.hint).toBe('set "canary" to a number from 0 to 1');
  });

  it('P3 · a key that no command reads is refused where it is written, saying where it belongs (probe: config-unknown-key)', async () => {
    // A misspelt option in a command's section, on its own line.
    const typo = await refusal('{\n  "release": {\n    "chanel": "beta"\n  }\n}\n');
    expect(typo.message).toBe(`config file ${configFile()} has an unknown key "release.chanel" (line 3, column 5)`);
    expect(typo.hint).toBe('did you mean "channel"?');
    // An option of another command: release never reads "problems", so the key would do nothing there.
    const elsewhere = await refusal('{"release": {"problems": true}}');
    expect(elsewhere.message).toBe(
      `config file ${configFile()}: "release.problems" (line 1, column 14) is not an option of ship release; ship status has it`,
    );
    expect(elsewhere.hint).toBe(
      'move it into "status", or to the top level, which every command with that option reads',
    );
    // A key that names nothing at all, with nothing close to suggest: the hint says what the section holds.
    const nothing = await refusal('{"db": {"backup": {"tables": 3}, "zzzzzz": 1}}', 'status');
    expect(nothing.message).toBe(`config file ${configFile()} has an unknown key "db.zzzzzz" (line 1, column 34)`);
    expect(nothing.hint).toBe('"db" holds what ship db reads: tables, pace, yes, backup, drop');
    // A command's section written at the top level though the command sits under another.
    const section = await refusal('{"backup": {"tables": 3}}', 'status');
    expect(section.message).toBe(
      `config file ${configFile()}: "backup" (line 1, column 2) is no command there, so nothing reads it`,
    );
    expect(section.hint).toBe('the section of ship db backup is "db.backup"');
  });

  it("P3 · a key for another command is no unknown key: the top level and a parent's section serve every command under them", async () => {
    writeFileSync(
      configFile(),
      '{"problems": true, "channel": "beta", "tables": 4, "db": {"tables": 5, "backup": {"pace": 0}}, "release": {"replicas": 3}}',
    );
    const status = await run(ship, ['status', '--json']);
    expect(status.code).toBe(0);
    const release = envelopeOf(await run(ship, ['release', '--build', '1.0.0', '--dry-run', '--json'])) as unknown as {
      data: Record<string, unknown>;
    };
    expect(release.data).toMatchObject({ channel: 'beta', replicas: 3 });
    const backup = await run(ship, ['db', 'backup', '--explain', 'tables']);
    expect(backup.stdout.split('\n')[0]).toBe(`--tables = 5  (from config ${configFile()})`);
  });

  it('P3 · values of the right JSON type still work, a multiple option taking an array', async () => {
    writeFileSync(configFile(), '{"release": {"region": "ap", "replicas": 4, "verify": false, "tag": ["a", "b"]}}');
    const result = await run(ship, ['release', '--build', '1.0.0', '--dry-run', '--json']);
    expect(result.code).toBe(0);
    expect((envelopeOf(result) as unknown as { data: Record<string, unknown> }).data).toMatchObject({
      region: 'ap',
      replicas: 4,
      verify: false,
      tags: ['a', 'b'],
    });
  });
});
