export {
  isSkillAgentId,
  SHARED_SKILLS,
  SKILL_AGENT_IDS,
  SKILL_AGENTS,
  SKILL_SCOPES,
  type SkillAgent,
  type SkillAgentId,
  type SkillFile,
  type SkillPlace,
  type SkillScope,
  toSkillFiles,
} from './agents.js';
export { type AgentGroup, agentCommands, agentGroupPaths, agentGroups, findAgentGroup } from './commands.js';
export { DESCRIPTION_MAX, yamlScalar } from './front-matter.js';
export { SKILL_LIMITS, sizeOf, skillBody, within } from './limits.js';
export { renderLlms } from './llms.js';
export { isSkillName, SKILL_NAME_MAX, toSkillName } from './name.js';
export { referenceFile, renderRootSkill, renderSkill, type SkillPage, toSkillPages } from './render-skill.js';
export { SKILLS_ACTIONS, SKILLS_ADD_SWITCHES, SKILLS_ADD_VALUE_FLAGS } from './words.js';
