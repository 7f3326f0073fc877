import { CHECK_RULE_IDS, isCheckRuleId } from '../manifest/check-rules.js';

/**
 * `check: { ignore: [...] }` names rules of `burgee check` only (X2): a misspelt id would silence
 * nothing while looking as if it did, so it is refused with the ids there are.
 */
export function checkSettingsProblems(settings: unknown, where: string): string[] {
  const ignore = (settings as { ignore?: unknown } | null)?.ignore;
  const ids: unknown[] | undefined = Array.isArray(ignore) ? ignore : undefined;
  if (typeof settings !== 'object' || settings === null || (ignore !== undefined && ids === undefined))
    return [`${where} has check settings that are not { ignore: ['rule-id'] }; list the rule ids to silence`];
  const problems: string[] = [];
  for (const id of ids ?? []) {
    if (!isCheckRuleId(id))
      problems.push(
        `${where} ignores ${JSON.stringify(id)}, which is no rule of burgee check; the rules are ${CHECK_RULE_IDS.join(', ')}`,
      );
  }
  return problems;
}
