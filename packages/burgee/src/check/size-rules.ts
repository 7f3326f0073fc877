import { fitManifestSchema } from '../projections/schema/index.js';
import {
  agentCommands,
  renderRootSkill,
  SKILL_LIMITS,
  sizeOf,
  skillBody,
  within,
} from '../projections/skills/index.js';
import type { Rule } from './types.js';

/**
 * `--schema` summarised at the program's own budget (S4): an agent then needs a call per command
 * before it can call any. Measured at the budget the program declares, as an agent first meets it.
 */
export const schemaOverBudget: Rule = ({ manifest, foreign }) => {
  const fitted = fitManifestSchema(manifest);
  if (fitted.ok && !('summarised' in fitted.document)) return [];
  const whole = fitManifestSchema(manifest, { full: true });
  const size = whole.ok ? JSON.stringify(whole.document).length : Number.NaN;
  const budget = manifest.schemaBudget.toLocaleString('en-US');
  return [
    {
      rule: 'schema-over-budget',
      message: `${manifest.name} --schema prints a summary: the whole document is ${size.toLocaleString('en-US')} characters, over its budget of ${budget}, so an agent needs one more call per command it uses`,
      ...(foreign ? {} : { fix: `defineProgram({ schemaBudget: ${size} }), or shorter descriptions` }),
    },
  ];
};

const LIMITS = `${SKILL_LIMITS.lines} lines or ${SKILL_LIMITS.characters.toLocaleString('en-US')} characters`;

/**
 * The root SKILL.md (L3) cannot teach every command an agent may run in full: the whole would be
 * over its size, so it names groups, or lists commands a line each, and an agent needs another call
 * (`skills print <group>`, `--schema`) before it can use them; or the root is over its size itself.
 */
export const skillOverSize: Rule = ({ manifest }) => {
  const text = renderRootSkill(manifest);
  const size = sizeOf(skillBody(text));
  const commands = agentCommands(manifest.root);
  const full = commands.filter((command) => text.includes(`\n### ${[manifest.name, ...command.path].join(' ')}\n`));
  const over = !within(size);
  if (!over && full.length === commands.length) return [];
  const what = over
    ? `is ${size.lines} lines and ${size.characters.toLocaleString('en-US')} characters, over the ${LIMITS} a skill keeps to`
    : `holds ${full.length} of its ${commands.length} commands in full (the whole would be over ${LIMITS}), so an agent needs one more call before it can use the others`;
  return [
    {
      rule: 'skill-over-size',
      message: `${manifest.name}'s root SKILL.md ${what}`,
      fix: 'group related commands under a parent command (each group gets a skill of its own), or shorten descriptions',
    },
  ];
};
