// The islands keep React's spelling of attributes (className, htmlFor, autoComplete: one spelling,
// tests/unit/island-api.test.ts); Preact's JSX types lack one of them, declared here.
import 'preact';

declare module '../node_modules/preact/src/jsx' {
  namespace JSXInternal {
    // eslint-disable-next-line @typescript-eslint/no-unused-vars -- a merged interface repeats Preact's type parameters, used or not
    interface HTMLAttributes<RefType extends EventTarget = EventTarget> {
      /**
       * React's `spellCheck`, as text: Preact sets a name the element has no property for as an
       * attribute (case-insensitive in HTML, so `spellcheck`), and removes it for `false`.
       */
      spellCheck?: 'true' | 'false';
    }
  }
}

// The project's own client directive (src/components/shell/painted.ts, added by build/painted-directive.ts).
declare global {
  namespace Astro {
    interface ClientDirectives {
      'client:painted'?: boolean;
    }
  }
}
