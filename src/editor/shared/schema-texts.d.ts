/** Made by scripts/vite/schema-texts-plugin.ts from schemas/. */
declare module 'virtual:schema-texts' {
  /** Each schema file's text, keyed by its path inside schemas/ ("blocks/hero.schema.json"). */
  export const schemaTexts: Readonly<Record<string, string>>;
}
