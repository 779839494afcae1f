// The inspector's page, script and stylesheet, imported as text (scripts/build.mjs and Vite both read `?raw`).
declare module '*?raw' {
  const text: string;
  export default text;
}
