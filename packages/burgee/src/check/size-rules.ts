import { DEFAULT_TOOL_BUDGET } from '../manifest/budgets.js';
import { groupTools, TOP_LEVEL, toToolListing } from '../projections/mcp/tool-budget.js';
import { renderToolsText } from '../projections/mcp/tool-text.js';
import { fitManifestSchema } from '../projections/schema/index.js';
import {
  agentCommands,
  renderLlms,
  SKILL_LIMITS,
  sizeOf,
  skillBody,
  toSkillPages,
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

const count = (n: number): string => n.toLocaleString('en-US');

/**
 * `--llms` shortened to fit the schema budget (L5, S4): past it the index drops summaries, then
 * usage lines, so an agent reading it learns less and needs one more call per command it uses.
 */
export const llmsOverBudget: Rule = ({ manifest, foreign }) => {
  const whole = renderLlms(manifest, manifest.root, Number.POSITIVE_INFINITY);
  if (renderLlms(manifest) === whole) return [];
  return [
    {
      rule: 'llms-over-budget',
      message: `${manifest.name} --llms is shortened: whole, it is ${count(whole.length)} characters, over the schema budget of ${count(manifest.schemaBudget)}, so an agent reading it needs one more call per command it uses`,
      ...(foreign ? {} : { fix: `defineProgram({ schemaBudget: ${whole.length} }), or shorter descriptions` }),
    },
  ];
};

/**
 * What a model reads in one step of MCP over the tool budget (M2, N5): the first `tools/list`, which
 * the discovery tool keeps within it unless its description names too many groups, or one group's
 * tools as the discovery tool answers them. Examples are left out of the measure: reading them takes
 * the program's parser, which a rule does not run; what is over without them is over with them.
 */
export const toolsOverBudget: Rule = ({ manifest }) => {
  const budget = manifest.mcp?.toolBudget ?? DEFAULT_TOOL_BUDGET;
  if (!Number.isFinite(budget)) return [];
  const listing = toToolListing(manifest);
  const found: ReturnType<Rule> = [];
  const first = JSON.stringify(listing.tools).length;
  if (first > budget) {
    found.push({
      rule: 'tools-over-budget',
      message: `${manifest.name}'s first tools/list is ${count(first)} characters, over its tool budget of ${count(budget)}: the discovery tool names ${count(listing.groups.size)} groups`,
      fix: 'gather top-level groups under fewer parent commands',
    });
  }
  for (const group of listing.groups.keys()) {
    const size = renderToolsText(groupTools(listing, group) ?? []).length;
    if (size <= budget) continue;
    const command = group === TOP_LEVEL ? undefined : manifest.root.commands.find((c) => c.name === group);
    found.push({
      rule: 'tools-over-budget',
      ...(command === undefined ? {} : { command }),
      message: `${group === TOP_LEVEL ? `${manifest.name}'s top-level tools left out of the list` : `${manifest.name} ${group}'s tools`}, as discover_tools answers them, are ${count(size)} characters, over the tool budget of ${count(budget)}, so an agent reads all of them to call one`,
      fix:
        group === TOP_LEVEL
          ? 'gather top-level commands under parent commands'
          : `split ${group} into groups of its own (nested commands), or shorten descriptions`,
    });
  }
  return found;
};
