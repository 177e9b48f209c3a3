/**
 * Astro integration: `client:painted`, our client directive: islands hydrate once the page has
 * painted (src/components/shell/painted.ts; src/react-jsx.d.ts types the attribute).
 */
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';

/**
 * The integration, at config time.
 * @example integrations: [paintedDirective()] // then <Island client:painted />
 */
export function paintedDirective() {
  return {
    name: 'client-painted',
    hooks: {
      'astro:config:setup': ({ addClientDirective }) =>
        addClientDirective({ name: 'painted', entrypoint: fileURLToPath(new URL('../src/components/shell/painted.ts', import.meta.url)) }),
    },
  } satisfies AstroIntegration;
}
