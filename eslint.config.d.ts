import type { Linter, Rule } from 'eslint';

/** The house rules, for their tests. */
export const houseRules: Record<'import-direction' | 'drizzle-in-repositories' | 'module-surface', Rule.RuleModule>;
declare const config: Linter.Config[];
export default config;
