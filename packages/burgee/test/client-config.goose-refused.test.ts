// goose's config.yaml that burgee cannot write back exactly as it was (K4): refused at its own line
// and column; what it can keep is kept (K2).
import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import { gooseFile, install } from './support/client-config.js';
import { parseAs } from './support/client-files.js';
import { put, scratchHomeAndProject } from './support/scratch.js';

scratchHomeAndProject('burgee-formats-');

// A person's config.yaml may hold anything YAML allows. What burgee cannot write back exactly as it
// was is refused with exit 3 at its own line and column, the file left byte for byte; never exit 1.
describe('K4 · goose: YAML that cannot be edited safely is refused, naming the place', () => {
  /** Installs over `text` and expects a refusal: exit 3, the file named, no stack trace, nothing written. */
  const refused = async (text: string) => {
    put(gooseFile(), text);
    const result = await install('goose');
    expect(result.code).toBe(3);
    expect(result.stderr).not.toMatch(/^\s+at /m);
    const { error } = JSON.parse(result.stdout) as { error: { code: number; message: string; hint: string } };
    expect(error.code).toBe(3);
    expect(error.message).toContain(gooseFile());
    expect(error.message).toContain('nothing was written');
    expect(readFileSync(gooseFile(), 'utf8')).toBe(text);
    expect(existsSync(`${gooseFile()}.bak`)).toBe(false);
    return error;
  };

  it('K4 · a key named twice is refused at the line and column of its second naming, with a hint about YAML, not JSON (probe: goose-duplicate-key-position)', async () => {
    const error = await refused(
      [
        '# goose',
        'GOOSE_PROVIDER: openai',
        'extensions:',
        '  developer:',
        '    enabled: true',
        '  memory:',
        '    enabled: false',
        '  developer:',
        '    enabled: false',
        '',
      ].join('\n'),
    );
    expect(error.message).toContain('has the key "developer" twice (the second at line 8, column 3)');
    expect(error.hint).toContain('YAML');
    expect(error.hint).not.toContain('JSON');
  });

  it('K4 · a !!binary value is refused at its tag, not decoded and written back re-wrapped (probe: goose-binary)', async () => {
    const error = await refused(
      [
        '# goose',
        'GOOSE_PROVIDER: openai',
        '# the team logo, for the banner',
        'logo: !!binary |',
        '  R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7',
        'extensions:',
        '  developer:',
        '    enabled: true',
        '',
      ].join('\n'),
    );
    expect(error.message).toContain('has a value tagged !!binary at line 4, column 7');
    expect(error.hint).toContain('remove the tag by hand');
  });

  it('K4 · an alias bomb ("billion laughs") is refused at the alias that passes the limit, at once, before anything expands it (probe: goose-alias-bomb)', async () => {
    const rows = ['a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]'];
    for (const [prior, name] of ['ab', 'bc', 'cd', 'de', 'ef', 'fg', 'gh', 'hi']) {
      rows.push(`${name}: &${name} [${Array(9).fill(`*${prior}`).join(',')}]`);
    }
    const started = Date.now();
    const error = await refused([...rows, 'extensions: {}', ''].join('\n'));
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(error.message).toContain('expand to more than 10000 values, the limit passed at *d (line 5, column 8)');
  });

  it.each([
    ['!!set', 'tags: !!set\n  ? a\n  ? b\nextensions: {}\n', 'line 1, column 7'],
    ['!!timestamp', 'extensions: {}\nsince: !!timestamp 2001-12-14\n', 'line 2, column 8'],
    ['!!omap', 'order: !!omap\n  - a: 1\n  - b: 2\nextensions: {}\n', 'line 1, column 8'],
    ['!secret', 'extensions:\n  other:\n    envs:\n      TOKEN: !secret vault/token\n', 'line 4, column 14'],
    ['!!int', 'extensions: {}\nport: !!int eighty\n', 'line 2, column 7'],
  ])('K4 · a value tagged %s is refused at its tag (probe: goose-yaml-tags)', async (tag, text, at) => {
    expect((await refused(text)).message).toContain(`has a value tagged ${tag} at ${at}`);
  });

  it('K4 · a stream of two documents is refused at the start of the second (probe: goose-document-stream)', async () => {
    const error = await refused('# mine\nextensions: {}\n---\nGOOSE_MODE: auto\n');
    expect(error.message).toContain('holds more than one YAML document (the second starts at line 3, column 1)');
  });

  it('K4 · a top that is a list is refused as not a map, at the line it starts (probe: goose-top-not-map)', async () => {
    const error = await refused('# my extensions\n- developer\n- memory\n');
    expect(error.message).toContain(
      'must hold a map (key: value lines) at its top, not what starts at line 2, column 1',
    );
  });

  it('K4 · an alias that names no anchor is refused at the alias (probe: goose-alias-unknown)', async () => {
    const error = await refused('extensions:\n  other:\n    cmd: x\n    envs: *shared\n');
    expect(error.message).toContain('the alias *shared at line 4, column 11 names no anchor &shared set before it');
  });

  it('K4 · an entry another key repeats through an alias is refused: editing it would edit the copy too (probe: goose-alias-shared)', async () => {
    const error = await refused('extensions:\n  tool: &tool {cmd: old, args: [old.mjs]}\n  tool-copy: *tool\n');
    expect(error.message).toContain('"extensions.tool" at line 2, column 15 is shared through a YAML anchor and alias');
  });

  it('K2 · anchors and aliases elsewhere are kept as written, an anchor used 120 times too (probe: goose-alias-kept)', async () => {
    const before = [
      '# shared settings',
      'x-env: &env',
      '  LOG: debug',
      `allowed: [${Array(120).fill('*env').join(', ')}]`,
      'extensions:',
      '  other:',
      '    cmd: other-server',
      '    envs: *env # the shared ones',
      '',
    ].join('\n');
    put(gooseFile(), before);
    const result = await install('goose');
    expect(result.code).toBe(0);
    const after = readFileSync(gooseFile(), 'utf8');
    expect(after).toContain('x-env: &env\n  LOG: debug\n');
    expect(after).toContain('    envs: *env # the shared ones\n  tool:\n');
    // The test's own reader lifts the package's limit of 100 alias uses, which the file passes on purpose.
    expect(parseYaml(after, { maxAliasCount: -1 })).toMatchObject({
      extensions: { other: { envs: { LOG: 'debug' } }, tool: { cmd: process.execPath } },
    });
  });

  it('K2 · a document that is only `---` (null) is filled with the entry, not a failure (probe: goose-empty-document)', async () => {
    put(gooseFile(), '# goose\n---\n...\n');
    const result = await install('goose');
    expect(result.code).toBe(0);
    const after = readFileSync(gooseFile(), 'utf8');
    expect(after.startsWith('# goose\n---\nextensions:\n  tool:\n')).toBe(true);
    expect(parseAs('yaml', after)).toMatchObject({ extensions: { tool: { cmd: process.execPath } } });
  });
});
