import { describe, expect, it } from 'vitest';
import { command, option } from '../../manifest/fixtures.js';
import { plainColors } from '../human/colors.js';
import { program, rowOf } from './fixtures.js';
import { renderHelp } from './render-help.js';

const plain = { width: 80, colors: plainColors };

describe('renderHelp options', () => {
  it('H2 · option annotations: required, default, one of, env', () => {
    const cmd = command(['x'], {
      options: [
        option('region', 'string', { default: 'eu', choices: ['eu', 'us'], env: 'TOOL_REGION', description: 'where' }),
        option('tags', 'string', { multiple: true, default: ['a', 'b'] }),
        option('label', 'string', { default: '' }),
      ],
    });
    const text = renderHelp(program(), cmd, { width: 120, colors: plainColors });
    expect(rowOf(text, '--region')).toBe('--region <value>  where (default: eu) (one of: eu, us) [env: TOOL_REGION]');
    expect(rowOf(text, '--tags')).toBe('--tags <value...>  (default: a, b)');
    expect(rowOf(text, '--label')).toBe('--label <value>  (default: "")');
  });

  it('H2 · a required option with a default is not marked required', () => {
    const cmd = command(['x'], { options: [option('env', 'string', { required: true, default: 'dev' })] });
    expect(rowOf(renderHelp(program(), cmd, plain), '--env')).toBe('--env <value>  (default: dev)');
  });

  it('D3 · a secret option never shows its default, in any form', () => {
    const cmd = command(['login'], {
      options: [
        option('token', 'string', {
          secret: true,
          default: 's3cr3t-value',
          env: 'TOOL_TOKEN',
          description: 'api token',
        }),
      ],
    });
    const text = renderHelp(program(), cmd, plain);
    expect(text).not.toContain('s3cr3t-value');
    expect(text).not.toContain('default');
    expect(rowOf(text, '--token')).toBe('--token <value>  api token [env: TOOL_TOKEN]');
  });

  it('H2 · negatable booleans on by default show --[no-]x with their default', () => {
    const cmd = command(['x'], {
      options: [
        option('color', 'boolean', { default: true, short: 'c', description: 'colour the output' }),
        option('cache', 'boolean', { default: true, negatable: false }),
      ],
    });
    const text = renderHelp(program(), cmd, plain);
    expect(rowOf(text, '--[no-]color')).toBe('--[no-]color  colour the output (default: true)');
    expect(text).not.toContain('-c,');
    expect(rowOf(text, '--cache')).toBe('--cache  (default: true)');
  });

  it('H2 · placeholders: <n> for numbers, the declared one, ... when repeatable', () => {
    const cmd = command(['x'], {
      options: [
        option('port', 'number'),
        option('file', 'string', { placeholder: 'path', multiple: true }),
        option('out', 'string', { placeholder: '<dir>' }),
      ],
    });
    const text = renderHelp(program(), cmd, plain);
    expect(text).toContain('--port <n>');
    expect(text).toContain('--file <path...>');
    expect(text).toContain('--out <dir>');
  });

  it('H2 · hidden options and commands are left out; deprecated options are marked', () => {
    const cmd = command(['x'], {
      options: [
        option('secretMode', 'boolean', { hidden: true }),
        option('dest', 'string', { deprecated: '--target' }),
      ],
      commands: [command(['x', 'y'], { hidden: true })],
    });
    const text = renderHelp(program(), cmd, plain);
    expect(text).not.toContain('--secret-mode');
    expect(text).not.toContain('Commands:');
    expect(rowOf(text, '--dest')).toBe('--dest <value>  (deprecated: use --target)');
    expect(renderHelp(program(), command(['old'], { deprecated: 'new' }), plain)).toContain(
      '\n\n(deprecated: use new)\n',
    );
  });
});
