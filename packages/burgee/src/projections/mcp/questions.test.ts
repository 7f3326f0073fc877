import { describe, expect, it } from 'vitest';
import { defineCommand } from '../../declaration/define.js';
import { buildManifest } from '../../declaration/to-manifest.js';
import { toQuestionForm, withAskedOptional } from './questions.js';
import { toMcpTool } from './tools.js';

const command = buildManifest(
  defineCommand({
    name: 'tune',
    effects: 'idempotent',
    options: {
      level: { type: 'number', choices: [1, 2], prompt: { message: 'Level?' } },
      tags: { type: 'string', multiple: true, prompt: { message: 'Tags?' } },
      force: { type: 'boolean', description: 'no questions', prompt: { message: 'Force?', kind: 'confirm' } },
      pin: { type: 'string', prompt: { message: 'PIN?', kind: 'password' } },
      mode: { type: 'string', default: 'fast', prompt: { message: 'Mode?' } },
    },
    run: () => ({ changed: false }),
  }),
).root;

describe('Q1 · the form is projected from the options', () => {
  it('Q1 · number choices become a string enum; a repeatable option without choices a separated string', () => {
    const options = command.options.filter((o) => ['level', 'tags', 'force'].includes(o.key));
    const form = toQuestionForm('tune', command, options, ['--level must be one of 1, 2; got 3']);
    expect(form.message).toBe('--level must be one of 1, 2; got 3\ntune: Level? Tags? Force?');
    expect(form.requestedSchema).toEqual({
      type: 'object',
      properties: {
        level: { type: 'string', title: '--level', description: 'Level?', enum: ['1', '2'] },
        tags: { type: 'string', title: '--tags', description: 'Tags?; several values separated by ","' },
        force: { type: 'boolean', title: '--force', description: 'Force? (no questions)' },
      },
      required: ['level', 'tags', 'force'],
    });
  });

  it('Q5 · Q2 · for a client that can be asked, only askable prompt options without a default leave `required`', () => {
    const tool = toMcpTool(command);
    expect(tool.inputSchema.required).toEqual(['level', 'tags', 'force', 'pin']);
    expect(withAskedOptional(tool, command).inputSchema.required).toEqual(['pin']);
  });
});
