/// <reference types="astro/client" />
declare module 'virtual:shell' {
  /** The minified inline scripts, exactly as hashed into the CSP: before first paint, and event wiring. */
  export const shell: string;
  export const events: string;
  /** The `nomodule` notice for engines below the floor (src/layouts/old-engine.ts). */
  export const oldEngine: string;
  /** Pages with islands: the useful mark (src/layouts/useful-mark.ts). */
  export const usefulMark: string;
}
