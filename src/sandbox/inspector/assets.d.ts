// The inspector's page and stylesheet, imported as text (scripts/build.mjs and Vite both read `?raw`).
declare module '*?raw' {
  const text: string;
  export default text;
}

// The page's script: its TypeScript modules bundled for the browser, as text (scripts/page.mjs).
declare module '*?page' {
  const script: string;
  export default script;
}
