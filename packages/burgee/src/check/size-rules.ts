import { fitManifestSchema } from '../projections/schema/index.js';
import { agentCommands, SKILL_LIMITS, sizeOf, skillBody, toSkillPages, within } from '../projections/skills/index.js';
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
 * The skill (L3) cannot teach every command an agent may run in full: a file of it would be over its
 * size, so some commands are one line each, and an agent needs another call (`--schema`) before it
 * can use them; or a file is over its size itself. A group on a page of its own is not a finding:
 * that is how a skill discloses a program progressively.
 */
export const skillOverSize: Rule = ({ manifest }) => {
  const pages = toSkillPages(manifest);
  const full = new Set(pages.flatMap((page) => page.full.map((path) => path.join(' '))));
  const commands = agentCommands(manifest.root);
  const sizes = pages.map((page) => ({ file: page.file, size: sizeOf(skillBody(page.text)) }));
  const over = sizes.find(({ size }) => !within(size));
  if (over === undefined && full.size === commands.length) return [];
  const what =
    over !== undefined
      ? `${over.file} is ${over.size.lines} lines and ${over.size.characters.toLocaleString('en-US')} characters, over the ${LIMITS} a skill file keeps to`
      : `holds ${full.size} of its ${commands.length} commands in full (a file with all of them would be over ${LIMITS}), so an agent needs one more call before it can use the others`;
  return [
    {
      rule: 'skill-over-size',
      message: `${manifest.name}'s skill ${what}`,
      fix: 'group related commands under a parent command (each group gets a file of its own), or shorten descriptions',
    },
  ];
};
