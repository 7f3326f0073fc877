import { withEnvironment } from '../manifest/environment.js';
import type { RunResult } from '../pipeline/report.js';
import { toSuccessEnvelope } from '../projections/envelope/index.js';
import { renderSkill } from '../projections/skills/index.js';
import { readSkillsWords } from './skills-words.js';
import type { SynthesisedCall } from './synthesised-commands.js';

/**
 * `skills print [<group>…]` prints a `SKILL.md` projected from the manifest alone (L1–L3); `skills
 * add` writes them where agents read them (L4), loading the writer only then.
 */
export async function runSkills(call: SynthesisedCall): Promise<RunResult> {
  const { manifest, report } = call;
  const request = readSkillsWords(manifest, call.words);
  if (request.action === 'add') return (await import('./skills-add.js')).addSkills(call, request);
  // The words were checked against the groups an agent may run something in: there is a skill.
  const skill = renderSkill(withEnvironment(manifest, call.io.env), request.group)!;
  if (report.json) {
    const data = { name: skill.name, file: `${skill.name}/${skill.file}`, text: skill.text };
    return report.envelope(toSuccessEnvelope(data, {}));
  }
  return report.text(skill.text);
}
