// React spells one attribute the islands use differently from Preact's JSX types; the islands are
// written for React (preact/compat renders them), so the React spelling is declared here too.
import 'preact';

declare module '../node_modules/preact/src/jsx' {
  namespace JSXInternal {
    // eslint-disable-next-line @typescript-eslint/no-unused-vars -- a merged interface repeats Preact's type parameters, used or not
    interface HTMLAttributes<RefType extends EventTarget = EventTarget> {
      /** React's `spellCheck`; the DOM attribute is case-insensitive, so Preact renders it as `spellcheck`. */
      spellCheck?: boolean;
    }
  }
}

// The project's own client directive (src/components/shell/painted.ts, added in astro.config.mjs).
declare global {
  namespace Astro {
    interface ClientDirectives {
      'client:painted'?: boolean;
    }
  }
}
