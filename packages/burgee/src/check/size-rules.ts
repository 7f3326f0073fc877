import { fitManifestSchema } from '../projections/schema/index.js';
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
