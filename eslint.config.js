import { dirname, relative, resolve, sep } from 'node:path';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

const root = dirname(new URL(import.meta.url).pathname);
const area = (file) => relative(root, file).split(sep);

/**
 * Imports flow one way: shared <- server, shared <- client; the client and the server never import each other;
 * a client feature never imports another feature, except the shell every screen stands in (auth, layout);
 * src/server/mail (how mail leaves) never imports src/server/modules: the modules use mail, and hand it what it needs
 * through the small interfaces mail declares.
 */
const importDirection = {
  meta: { type: 'problem', schema: [] },
  create(context) {
    const from = area(context.filename);
    const check = (node, source) => {
      if (typeof source !== 'string') return;
      const alias = /^#(shared|server|client)\//.exec(source);
      if (!alias && !source.startsWith('.')) return;
      const to = alias
        ? area(resolve(root, 'src', alias[1], source.slice(alias[0].length)))
        : area(resolve(dirname(context.filename), source));
      const report = (why) => context.report({ node, message: `${source}: ${why}` });
      if (from[0] !== 'src' || to[0] !== 'src') return;
      if (from[1] === 'shared' && to[1] !== 'shared') return report('src/shared is pure and imports only src/shared');
      if (from[1] === 'client' && to[1] === 'server') return report('the client never imports the server');
      if (from[1] === 'server' && to[1] === 'client') return report('the server never imports the client');
      if (from[1] === 'server' && from[2] === 'mail' && to[1] === 'server' && to[2] === 'modules') {
        return report(
          'src/server/mail never imports src/server/modules (declare an interface in mail and have the caller pass it in)',
        );
      }
      const isFeature = (parts) => parts[1] === 'client' && parts[2] === 'features';
      if (isFeature(from) && isFeature(to) && from[3] !== to[3] && !['auth', 'layout'].includes(to[3])) {
        return report(`features never import each other (${from[3]} -> ${to[3]})`);
      }
    };
    return {
      ImportDeclaration: (node) => check(node, node.source.value),
      ExportNamedDeclaration: (node) => node.source && check(node, node.source.value),
      ExportAllDeclaration: (node) => check(node, node.source.value),
      ImportExpression: (node) => node.source.type === 'Literal' && check(node, node.source.value),
    };
  },
};

const onlyRepositoriesUseDrizzle = {
  meta: { type: 'problem', schema: [] },
  create(context) {
    const file = relative(root, context.filename);
    const allowed =
      /^src\/server\/(modules\/[^/]+\/([\w-]+-)?repository\.ts|db\/|testing\/|mail\/([a-z-]+\/)?[a-z-]*repository\.ts)/.test(
        file,
      ) ||
      // Tests, and the fixtures a split test's parts share next to them.
      /(\.test|-fixtures)\.ts$/.test(file);
    return {
      ImportDeclaration(node) {
        if (!allowed && String(node.source.value).startsWith('drizzle-orm')) {
          context.report({
            node,
            message: 'only repository files (repository.ts, *-repository.ts; and src/server/db) use Drizzle',
          });
        }
      },
    };
  },
};

/**
 * Each server module shows one surface: a file under src/server/modules/<a>/ imports another module only through that
 * module's index.ts ('../b'), never its repository, service or other files. Its own files are its own (tests too).
 */
const moduleSurface = {
  meta: { type: 'problem', schema: [] },
  create(context) {
    const from = area(context.filename);
    const inModule = (parts) =>
      parts[0] === 'src' && parts[1] === 'server' && parts[2] === 'modules' && parts.length > 4;
    const check = (node, source) => {
      if (typeof source !== 'string' || !inModule(from)) return;
      const alias = /^#server\//.exec(source);
      if (!alias && !source.startsWith('.')) return;
      const to = alias
        ? area(resolve(root, 'src', 'server', source.slice(alias[0].length)))
        : area(resolve(dirname(context.filename), source));
      if (!inModule(to) || to[3] === from[3]) return;
      const file = to.slice(4).join('/').replace(/\.ts$/, '');
      if (file === 'index') return;
      context.report({
        node,
        message: `${source}: modules meet only at their index.ts (${from[3]} -> ${to[3]}/${file}); import '../${to[3]}'`,
      });
    };
    return {
      ImportDeclaration: (node) => check(node, node.source.value),
      ExportNamedDeclaration: (node) => node.source && check(node, node.source.value),
      ExportAllDeclaration: (node) => check(node, node.source.value),
      ImportExpression: (node) => node.source.type === 'Literal' && check(node, node.source.value),
    };
  },
};

/** Exported for their tests (scripts/house-rules.test.ts). */
export const houseRules = {
  'import-direction': importDirection,
  'drizzle-in-repositories': onlyRepositoriesUseDrizzle,
  'module-surface': moduleSurface,
};

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'drizzle/**', 'test-results/**', 'playwright-report/**', 'data/**'] },
  ...tseslint.configs.recommended,
  {
    files: ['src/client/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
      // A request schema's checks would bring zod's checks, regexes and pipes into the send page's first load (0047):
      // the client reads contracts through their plain modules, and request types as types only.
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^#shared/contracts/(?!responses/|vendor-terms$|limits$|initial-session$)',
              allowTypeImports: true,
              message:
                'import answer schemas and constants from #shared/contracts/responses/<resource> (decision 0047)',
            },
          ],
        },
      ],
    },
  },
  {
    plugins: { house: { rules: houseRules } },
    rules: {
      'house/import-direction': 'error',
      'house/drizzle-in-repositories': 'error',
      'house/module-surface': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' },
      ],
      'no-restricted-syntax': [
        'error',
        {
          selector: "MemberExpression[object.name='process'][property.name='env']",
          message: 'only src/server/config.ts reads the environment',
        },
      ],
    },
  },
  {
    files: [
      'src/server/config.ts',
      'scripts/**',
      'e2e/**',
      'bench/**',
      'soak/**',
      '*.config.ts',
      'src/server/testing/**',
      '**/*.test.ts',
    ],
    rules: { 'no-restricted-syntax': 'off' },
  },
  {
    files: ['e2e/**/*.spec.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.property.name='screenshot']",
          message: 'take screenshots through keepScreenshot (e2e/fixtures.ts): CI skips them (decision 0085)',
        },
      ],
    },
  },
);
