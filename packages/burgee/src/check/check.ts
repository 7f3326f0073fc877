import { CHECK_RULES, type CheckRuleId } from '../manifest/check-rules.js';
import { findCommand } from '../manifest/commands.js';
import type { Manifest, ManifestCommand } from '../manifest/types.js';
import {
  effectsContradictName,
  promptWithoutDefault,
  secretDefault,
  secretWithoutEnv,
  toolNameCollision,
  toolNameInvalid,
  undeclaredEffects,
} from './agent-rules.js';
import { commandLabel, everyCommand, typed } from './commands.js';
import {
  missingArgumentDescription,
  missingDescription,
  missingExample,
  missingGroupDescription,
  missingOptionDescription,
  missingProgramDescription,
} from './docs-rules.js';
import { exampleRules } from './example-rules.js';
import { llmsOverBudget, schemaOverBudget, skillOverSize, toolsOverBudget } from './size-rules.js';
import type { CheckReport, CheckScene, Finding, Found, Rule } from './types.js';

/** Every rule's function; the table in manifest/check-rules.ts gives each its severity and place. */
const RULES: readonly Rule[] = [
  missingProgramDescription,
  missingDescription,
  missingExample,
  exampleRules,
  missingOptionDescription,
  missingArgumentDescription,
  missingGroupDescription,
  effectsContradictName,
  undeclaredEffects,
  toolNameInvalid,
  toolNameCollision,
  schemaOverBudget,
  skillOverSize,
  llmsOverBudget,
  toolsOverBudget,
  secretDefault,
  secretWithoutEnv,
  promptWithoutDefault,
];

const SEVERITY = new Map<CheckRuleId, 'error' | 'warning'>(CHECK_RULES.map((rule) => [rule.id, rule.severity]));
const RANK = new Map<CheckRuleId, number>(CHECK_RULES.map((rule, i) => [rule.id, i]));

/**
 * What `burgee check` finds in a program (X1, X2): every rule run over the manifest, the findings a
 * declaration's `check.ignore` silences counted and left out, and each entry that silenced nothing
 * reported. Ordered by command (the program first, then depth first), then by the rule table.
 */
export function checkManifest(manifest: Manifest, options: { foreign?: boolean } = {}): CheckReport {
  const scene: CheckScene = { manifest, foreign: options.foreign === true };
  const ignores = new Ignores(manifest);
  const kept: Found[] = [];
  let silenced = 0;
  for (const found of RULES.flatMap((rule) => rule(scene))) {
    if (ignores.silences(found)) silenced++;
    else kept.push(found);
  }
  kept.push(...ignores.unused());
  const order = new Map(everyCommand(manifest).map((command, i) => [command, i]));
  const place = (found: Found) => (found.command === undefined ? -1 : (order.get(found.command) ?? 0));
  kept.sort((a, b) => place(a) - place(b) || RANK.get(a.rule)! - RANK.get(b.rule)!);
  const findings = kept.map((found) => toFinding(manifest, found));
  const errors = findings.filter((finding) => finding.severity === 'error').length;
  return { program: manifest.name, findings, counts: { errors, warnings: findings.length - errors, silenced } };
}

function toFinding(manifest: Manifest, found: Found): Finding {
  return {
    rule: found.rule,
    severity: SEVERITY.get(found.rule)!,
    ...(found.command === undefined ? {} : { command: commandLabel(manifest, found.command) }),
    message: found.message,
    ...(found.fix === undefined ? {} : { fix: found.fix }),
  };
}

/** One `check.ignore` list: whose it is, and which of its ids silenced something. */
type Holder = { owner: ManifestCommand | undefined; ids: readonly CheckRuleId[]; used: Set<CheckRuleId> };

/**
 * The `check.ignore` lists of a program: the program's own silences a rule everywhere; a command's,
 * for that command and every command below it. A finding about the program itself is silenced by
 * the program's list, or by the root command's in a program of one command.
 */
class Ignores {
  private readonly holders = new Map<ManifestCommand | undefined, Holder>();

  constructor(private readonly manifest: Manifest) {
    if (manifest.check !== undefined) this.add(undefined, manifest.check.ignore);
    for (const command of everyCommand(manifest)) {
      if (command.check !== undefined) this.add(command, command.check.ignore);
    }
  }

  private add(owner: ManifestCommand | undefined, ids: readonly CheckRuleId[]): void {
    this.holders.set(owner, { owner, ids, used: new Set() });
  }

  silences(found: Found): boolean {
    const at = found.command ?? this.manifest.root;
    const chain: (ManifestCommand | undefined)[] = [undefined];
    for (let depth = 0; depth <= at.path.length; depth++)
      chain.push(findCommand(this.manifest.root, at.path.slice(0, depth)));
    for (const owner of chain) {
      const holder = this.holders.get(owner);
      if (holder?.ids.includes(found.rule)) {
        holder.used.add(found.rule);
        return true;
      }
    }
    return false;
  }

  unused(): Found[] {
    return [...this.holders.values()].flatMap((holder) =>
      holder.ids
        .filter((id) => !holder.used.has(id))
        .map((id) => {
          const where =
            holder.owner === undefined ? `program ${this.manifest.name}` : typed(this.manifest, holder.owner);
          return {
            rule: 'unused-ignore' as const,
            ...(holder.owner === undefined ? {} : { command: holder.owner }),
            message: `${where} ignores ${id}, which finds nothing there: the entry silences nothing`,
            fix: `drop '${id}' from check.ignore`,
          };
        }),
    );
  }
}
