// ESLint flat config: typescript-eslint's recommended rules (not type-aware, to keep
// `npm run lint` fast), the import directions between our layers, no import cycles, and
// eslint-config-prettier last so that formatting is Prettier's business alone.
import { defineConfig } from 'eslint/config';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import { importX } from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import prettier from 'eslint-config-prettier';
import globals from 'globals';

/**
 * The layers (README "Layout", issue 9). Each entry: a folder, and the folders of ours
 * it may import besides itself. A folder not listed here (src/main.ts, src/config.ts,
 * src/deploy.ts, test/, bench/) may import anything.
 */
const LAYERS = [
  { layer: 'src/game', may: [], why: 'the engine is pure and imports nothing of ours' },
  { layer: 'src/i18n', may: [], why: 'the catalogue of words imports nothing of ours' },
  { layer: 'src/table', may: ['src/game'], why: 'the table builds on the engine only' },
  {
    layer: 'src/runtime',
    may: ['src/config.ts'],
    why: 'the process plumbing (logging, memory, CPU, worker threads) knows nothing of the game',
  },
  { layer: 'src/ai', may: ['src/game', 'src/runtime'], why: 'computer players see the engine only' },
  {
    layer: 'src/render',
    may: ['src/game', 'src/i18n', 'src/runtime'],
    why: 'pictures draw the engine with words, in worker threads',
  },
  { layer: 'src/store', may: ['src/table', 'src/game'], why: 'storage keeps tables' },
  {
    layer: 'src/web',
    may: ['src/game', 'src/i18n', 'src/render', 'src/table'],
    why: "the live board's page runs the engine in the browser, with the words, the pictures' colours and the replay's round jumps (src/table/replay.ts, pure)",
  },
  {
    layer: 'src/cli',
    may: ['src/game', 'src/ai', 'src/render', 'src/table', 'src/i18n', 'src/runtime'],
    why: 'the offline tools never load the bot',
  },
  {
    layer: 'commands',
    may: ['src/discord', 'src/table', 'src/game', 'src/i18n'],
    why: 'command declarations read the bot, the table, the engine and the words',
  },
];

/** Every folder of ours that a layer could reach: src's folders, src's own files, commands. */
const OURS = [
  'src/game',
  'src/i18n',
  'src/table',
  'src/runtime',
  'src/ai',
  'src/render',
  'src/store',
  'src/cli',
  'src/discord',
  'src/web',
];
const SRC_FILES = ['src/main.ts', 'src/config.ts', 'src/deploy.ts'];

/**
 * The rooms of src/discord (its README): each entry, a room and the rooms it may import
 * besides itself. `bot.ts`, the contract every handler and service works with, is
 * the room's own file.
 */
const ROOMS = [
  { room: 'wire', may: [], why: "Discord's plumbing knows no game" },
  { room: 'messages', may: ['wire'], why: 'what the bot shows is built from the table, not by acting' },
  { room: 'services', may: ['messages', 'wire', 'bot.ts'], why: 'the long-lived services never answer a click' },
  {
    room: 'handlers',
    may: ['services', 'messages', 'wire', 'bot.ts'],
    why: 'a click or command hands its posts to the services',
  },
  {
    room: 'activity',
    may: ['services', 'messages', 'wire', 'bot.ts'],
    why: "the live board's pages move through the services, as the panel's clicks do",
  },
];
const ROOM_NAMES = ['wire', 'messages', 'services', 'handlers', 'activity', 'gateway', 'bot.ts'];

const roomZones = ROOMS.map(({ room, may, why }) => ({
  target: `./src/discord/${room}`,
  from: ROOM_NAMES.filter((other) => other !== room && !may.includes(other)).map((other) => `./src/discord/${other}`),
  message: `src/discord/${room} may import ${may.length ? may.join(', ') : 'no other room'} of src/discord: ${why}.`,
}));

const zones = [
  ...roomZones,
  ...LAYERS.map(({ layer, may, why }) => ({
    target: `./${layer}`,
    from: [...OURS, ...SRC_FILES, 'commands']
      .filter((dir) => dir !== layer && !may.includes(dir))
      .map((dir) => `./${dir}`),
    message: `${layer} may import ${may.length ? may.join(', ') : 'nothing of ours'}: ${why}.`,
  })),
  {
    target: './src/discord',
    from: './commands',
    message: 'src/discord may import anything in src, but not commands/.',
  },
  {
    target: ['./src', './commands'],
    from: ['./test', './bench'],
    message: 'the product never imports the tests or the benchmarks.',
  },
];

export default defineConfig(
  {
    ignores: ['node_modules/', 'dist/', 'data/', 'out/', 'coverage/', 'assets/', 'package-lock.json'],
  },
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    languageOptions: {
      ecmaVersion: 2023,
      sourceType: 'module',
      globals: { ...globals.node },
    },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: './tsconfig.json' })],
      'import-x/extensions': ['.ts', '.js', '.mjs'],
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { zones }],
      // Cycles among our own modules only: node_modules are not followed.
      'import-x/no-cycle': ['error', { ignoreExternal: true }],

      // The recommended rules, as they are: on the tree as it was when this was set up they
      // flagged a handful of lines (dead code, two `any` in a test, two deliberate regular
      // expressions that want an eslint-disable comment), so none is turned off.
      // One is tuned: a `_` prefix marks a deliberately unused binding, as in
      // `const { game: _game, ...rest } = table` (the pattern the code uses to drop a field).
      '@typescript-eslint/no-unused-vars': [
        'error',
        {
          argsIgnorePattern: '^_',
          varsIgnorePattern: '^_',
          caughtErrorsIgnorePattern: '^_',
          destructuredArrayIgnorePattern: '^_',
          ignoreRestSiblings: true,
        },
      ],
    },
  },
  {
    // The engine is pure: no I/O, no Discord, no storage, no canvas.
    files: ['src/game/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: ['discord.js', 'keyv', '@keyv/redis', 'better-sqlite3', '@napi-rs/canvas'].map((name) => ({
            name,
            message: 'src/game is pure: no Discord, storage or canvas.',
          })),
          patterns: [
            {
              regex: '^(node:)?(fs|net|http|https|child_process|worker_threads)(/.*)?$',
              message: 'src/game is pure: no file system, network or processes.',
            },
          ],
        },
      ],
    },
  },
  {
    // src/game/index.ts is the engine's one door: the product reaches the engine through
    // it, not through its modules (tests and benchmarks may reach inside).
    files: ['src/**', 'commands/**'],
    ignores: ['src/game/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(\\.\\./)+(src/)?game/(?!index\\.js$)',
              message: 'import the engine from its door, game/index.js.',
            },
          ],
        },
      ],
    },
  },
  {
    // The live board's page runs in the browser (bundled by esbuild, src/discord/activity/bundle.ts).
    files: ['src/web/**'],
    languageOptions: { globals: { ...globals.browser } },
  },
  {
    // Small, named functions: a function of the product longer than a screen is cut into named parts.
    files: ['src/**'],
    rules: { 'max-lines-per-function': ['error', { max: 60, skipBlankLines: true, skipComments: true }] },
  },
  // Last: turns off every rule that would fight Prettier.
  prettier,
);
