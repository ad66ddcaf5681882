/** Vite's `?url` imports: the address of the bundled file. */
declare module '*?url' {
  const url: string;
  export default url;
}
