/// <reference types="astro/client" />
declare module 'virtual:shell' {
  /** The minified inline scripts, exactly as hashed into the CSP: before first paint, and event wiring. */
  export const shell: string;
  export const events: string;
  /** The `nomodule` notice for engines below the floor (src/layouts/old-engine.ts). */
  export const oldEngine: string;
  /** Pages whose first screen reads the server: the first reads' preload and the useful mark (src/layouts/reads-script.ts). */
  export const readsScript: string;
}

interface Window {
  /** The first reads' script, once it has run (src/lib/api/first-reads.ts). */
  firstReads?: import('./lib/api/first-reads').FirstReadsScript;
}
