import type { CheckRuleId } from '../manifest/check-rules.js';
import type { Manifest, ManifestCommand } from '../manifest/types.js';

/** One thing `burgee check` found (X1): which rule, how bad, where, what, and what to write instead. */
export type Finding = {
  rule: CheckRuleId;
  severity: 'error' | 'warning';
  /** The command as `--schema` names it (`config get`); absent when the finding is about the program. */
  command?: string;
  message: string;
  /** The change to make in the declaration, when there is one to name. */
  fix?: string;
};

/** What a rule reports before the table gives it a severity and the declaration a chance to silence it. */
export type Found = {
  rule: CheckRuleId;
  command?: ManifestCommand;
  message: string;
  fix?: string;
};

/** Everything `burgee check` says of one program. */
export type CheckReport = {
  program: string;
  findings: Finding[];
  counts: { errors: number; warnings: number; silenced: number };
};

/** What a rule may read besides the manifest. */
export type CheckScene = {
  readonly manifest: Manifest;
  /**
   * True for a program read from commander or yargs: its examples are not burgee's to parse, and a
   * fix written as a declaration field would be in the wrong language.
   */
  readonly foreign: boolean;
};

/** A rule: a pure function of the program. */
export type Rule = (scene: CheckScene) => Found[];
