import { describe, expect, it } from 'vitest';
import { argument, command, group, option } from '../../manifest/fixtures.js';
import { plainColors } from '../human/colors.js';
import { deploy, markColors, program, rowOf } from './fixtures.js';
import { renderHelp } from './render-help.js';

const plain = { width: 80, colors: plainColors };

describe('renderHelp', () => {
  it('H2 · the help screen of a small command, exactly', () => {
    expect(renderHelp(program(), deploy, plain)).toBe(
      [
        'Usage: tool deploy [options]',
        '',
        'Deploy a build',
        '',
        'Options:',
        '  -t, --target <value>    where to deploy (required)',
        '      --yes               skip the confirmation',
        '',
        'Global options:',
        '      --json              print one JSON envelope',
        "      --explain <option>  show where an option's value comes from; runs nothing",
        '  -h, --help              show help',
      ].join('\n'),
    );
  });

  it('H2 · root help lists visible commands and ends with the agent line', () => {
    const manifest = program({ version: '1.0.0' });
    const text = renderHelp(manifest, manifest.root, plain);
    expect(text).toBe(
      [
        'Usage: tool <command>',
        '',
        'Ship builds',
        '',
        'Commands:',
        '  deploy         Deploy a build',
        '  status         Show what is deployed',
        '  ship           Old name of deploy (deprecated: use deploy)',
        '  help           show help for a command',
        '  completion     print a shell completion script',
        "  mcp            register this program with an agent's MCP client",
        '  skills         print or add a SKILL.md that teaches agents this program',
        '',
        'Global options:',
        '      --json     print one JSON envelope',
        '      --schema   print every command, option and exit code as JSON',
        '      --llms     print every command as a Markdown index for agents',
        '      --mcp      serve this program over MCP (stdio, or HTTP: --http)',
        '      --version  print the version',
        '  -h, --help     show help',
        '',
        'Agents: run `tool --schema` to get every command, option and exit code as JSON in one call.',
      ].join('\n'),
    );
  });

  it('H2 · root help ends with the agent line, once, with the program name substituted', () => {
    const manifest = program({ name: 'shipit' });
    const lines = renderHelp(manifest, manifest.root, { width: 40, colors: plainColors }).split('\n');
    expect(lines.at(-1)).toBe(
      'Agents: run `shipit --schema` to get every command, option and exit code as JSON in one call.',
    );
    expect(lines.filter((line) => line.startsWith('Agents:'))).toHaveLength(1);
  });

  it('H2 · only the root offers --schema, --mcp and --version, and no subcommand has the agent line', () => {
    const text = renderHelp(program(), deploy, plain);
    for (const flag of ['--schema', '--mcp', '--version', 'Agents:']) expect(text).not.toContain(flag);
  });

  it('H2 · --explain only on runnable commands; --config and --no-config when the program reads config', () => {
    const manifest = program({ config: true });
    const root = renderHelp(manifest, manifest.root, plain);
    expect(root).not.toContain('--explain');
    expect(root).toContain('--config <path>');
    expect(root).toContain('--no-config');
    expect(renderHelp(manifest, deploy, plain)).toContain('--config <path>');
    expect(renderHelp(program(), deploy, plain)).not.toContain('--config');
  });

  it('H2 · -h stays with the command when it declares that short letter', () => {
    const cmd = command(['serve'], { options: [option('host', 'string', { short: 'h' })] });
    const text = renderHelp(program(), cmd, plain);
    expect(text).toContain('  -h, --host <value>');
    expect(rowOf(text, '--help')).toBe('--help  show help');
  });

  it('H2 · usage line spells arguments <name>, [name] and <name...>', () => {
    const cmd = command(['copy'], {
      arguments: [
        argument('from'),
        argument('to', { required: false, default: '.' }),
        argument('rest', { variadic: true }),
      ],
    });
    const text = renderHelp(program(), cmd, plain);
    expect(text.split('\n')[0]).toBe('Usage: tool copy <from> [to] <rest...>');
    expect(text).toMatch(/^Arguments:\n {2}from\n {2}to +\(default: \.\)\n {2}rest\n/m);
  });

  it('H2 · a nested group shows <command> and lists its children', () => {
    const get = command(['config', 'get'], { summary: 'Read a value' });
    const text = renderHelp(program(), group(['config'], [get]), plain);
    expect(text).toContain('Usage: tool config <command>');
    expect(text).toMatch(/^ {2}get +Read a value$/m);
  });

  it('H2 · examples get the program name in front and sit in the aligned list', () => {
    const cmd = command(['x'], {
      examples: [{ command: 'x --fast', description: 'quickly' }, { command: 'tool x' }],
    });
    const text = renderHelp(program(), cmd, plain);
    expect(text).toMatch(/^Examples:\n {2}tool x --fast +quickly\n {2}tool x\n/m);
    const column = text
      .split('\n')
      .find((line) => line.includes('quickly'))!
      .indexOf('quickly');
    expect(
      text
        .split('\n')
        .find((line) => line.includes('--json'))!
        .indexOf('print'),
    ).toBe(column);
  });

  it('H2 · long descriptions wrap to the width and stay in their column', () => {
    const words = 'one two three four five six seven eight nine ten eleven twelve';
    const cmd = command(['x'], { options: [option('mode', 'string', { description: words })] });
    const lines = renderHelp(program(), cmd, { width: 50, colors: plainColors }).split('\n');
    const start = lines.findIndex((line) => line.includes('--mode'));
    const column = lines[start]!.indexOf('one');
    expect(lines[start]).toBe(`  --mode <value>${' '.repeat(column - 16)}one two three four five six`);
    expect(lines[start + 1]).toBe(`${' '.repeat(column)}seven eight nine ten eleven`);
    expect(lines[start + 2]).toBe(`${' '.repeat(column)}twelve`);
    for (const line of lines.slice(0, -1)) expect(line.length).toBeLessThanOrEqual(50);
  });

  it('H2 · a name wider than 40% of the width puts its description on the next line', () => {
    const cmd = command(['x'], {
      options: [option('aVeryLongOptionNameIndeed', 'string', { placeholder: 'something' }), option('b', 'string')],
    });
    cmd.options[0]!.description = 'long one';
    cmd.options[1]!.description = 'short one';
    const lines = renderHelp(program(), cmd, { width: 60, colors: plainColors }).split('\n');
    const at = lines.indexOf('  --a-very-long-option-name-indeed <something>');
    expect(at).toBeGreaterThan(0);
    const column = lines.find((line) => line.startsWith('  --b <value>'))!.indexOf('short one');
    expect(lines[at + 1]).toBe(`${' '.repeat(column)}long one`);
  });

  it('H3 · titles are bold and flags cyan; descriptions are not painted', () => {
    const text = renderHelp(program(), deploy, { width: 80, colors: markColors });
    expect(text.split('\n')[0]).toBe('*Usage:* tool deploy [options]');
    expect(text).toContain('*Options:*\n  c(-t, --target <value>)    where to deploy (required)');
    expect(text).toContain('      c(--yes)               skip the confirmation');
    expect(text).toContain('*Global options:*');
  });

  it('H2 · no line ends in spaces and there is no trailing newline', () => {
    const manifest = program({ config: true });
    for (const cmd of [manifest.root, deploy]) {
      const text = renderHelp(manifest, cmd, plain);
      expect(text).not.toMatch(/ +$/m);
      expect(text.endsWith('\n')).toBe(false);
    }
  });
});
