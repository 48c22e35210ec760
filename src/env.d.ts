/// <reference types="astro/client" />
interface ImportMetaEnv {
  /** API base baked into the build; `/config.json` may override it at runtime. */
  readonly PUBLIC_API_BASE?: string;
}
