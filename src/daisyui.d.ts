declare module 'daisyui' {
  const plugin: (options?: Record<string, unknown>) => unknown;
  export default plugin;
}
declare module 'daisyui/theme' {
  const theme: (options: Record<string, unknown>) => unknown;
  export default theme;
}
