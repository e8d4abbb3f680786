import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import { defineConfig } from 'eslint/config';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// Imports flow lib → features → app, and features never import each other: each
// feature folder gets a rule naming the app layer and every other feature.
const features = readdirSync(new URL('./src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const boundaryPatterns = (feature) => [
  { regex: '(^|/)app/', message: 'Features must not import the app layer.' },
  ...features
    .filter((other) => other !== feature)
    .map((other) => ({
      regex: `^(\\.\\./)+(features/)?${other}/`,
      message: `Features must not import each other (${feature} → ${other}); move shared code to src/lib.`,
    })),
];
const featureBoundaries = features.map((feature) => ({
  files: [`src/features/${feature}/**/*.{ts,tsx}`],
  rules: { 'no-restricted-imports': ['error', { patterns: boundaryPatterns(feature) }] },
}));

// The features whose pages the /evm frame draws (app/layout/EvmLayout.tsx) take their network
// and account from it (lib/evm-screen: useEvmScreen), never from the stored session, the
// wallet or the networks query themselves: one source of truth for the screen (ADR 0029).
const EVM_SCREEN_FEATURES = ['evm-wallet', 'collectibles', 'staking', 'wrap', 'allowances'];
const ownScreen = 'EVM screens take their network and account from useEvmScreen (lib/evm-screen), which the /evm frame resolves once.';
const evmScreenSources = [
  { regex: '(^|/)lib/session/(storedSession|useStoredAccount|storedAccount)$', importNames: ['readStoredSession', 'useStoredAccount', 'readStoredAccount'], message: ownScreen },
  { regex: '(^|/)lib/networks/model/storedNetwork$', importNames: ['useStoredNetwork', 'readStoredNetwork'], message: ownScreen },
  { regex: '(^|/)lib/networks/model/defaultNetwork$', importNames: ['walletNetworkFor', 'defaultNetwork'], message: ownScreen },
  { regex: '(^|/)lib/networks/api/networks$', importNames: ['useNetworks', 'networksQueryOptions', 'fetchNetworks'], message: ownScreen },
  { regex: '(^|/)lib/evm-wallet/useEvmWallet$', importNames: ['useEvmWallet'], message: ownScreen },
];
const evmScreenRules = EVM_SCREEN_FEATURES.map((feature) => ({
  files: [`src/features/${feature}/**/*.{ts,tsx}`],
  // The demos (under /demos, outside the frame) show every network side by side.
  ignores: ['**/*Demo*.tsx', '**/*Demos*.tsx'],
  rules: { 'no-restricted-imports': ['error', { patterns: [...boundaryPatterns(feature), ...evmScreenSources] }] },
}));

export default defineConfig(
  { ignores: ['dist', 'node_modules'] },
  {
    files: ['**/*.{ts,tsx,js}'],
    extends: [js.configs.recommended, ...tseslint.configs.strictTypeChecked, ...tseslint.configs.stylisticTypeChecked],
    languageOptions: {
      ecmaVersion: 2022,
      globals: { ...globals.browser },
      parserOptions: {
        project: ['./tsconfig.json', './tsconfig.node.json'],
        tsconfigRootDir: import.meta.dirname,
      },
    },
    rules: {
      '@typescript-eslint/restrict-template-expressions': ['error', { allowNumber: true }],
    },
  },
  {
    files: ['src/**/*.tsx'],
    extends: [reactHooks.configs.flat.recommended],
  },
  {
    files: ['e2e/**/*.ts', 'vite.config.ts', 'eslint.config.js'],
    languageOptions: { globals: { ...globals.node } },
  },
  {
    files: ['e2e/**/*.ts'],
    rules: {
      // node:test reports failures of describe/it itself; their promises need no await.
      '@typescript-eslint/no-floating-promises': [
        'error',
        { allowForKnownSafeCalls: [{ from: 'package', package: 'node:test', name: ['describe', 'it'] }] },
      ],
    },
  },
  {
    // Plain-TS models and the lib layer must stay free of the app and of other features.
    files: ['src/lib/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': ['error', { patterns: ['**/app/**', '**/features/**'] }],
    },
  },
  ...featureBoundaries,
  ...evmScreenRules,
);
