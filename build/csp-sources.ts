// Where a page may connect and load images from (issue 28 j): its own origin, the API's when
// PUBLIC_API_HOST puts it elsewhere, and the image hosts the operator names in PUBLIC_IMAGE_HOSTS
// (covers and avatars served from a CDN), never "any https host". Read by astro.config.mjs at build.

/**
 * The image host a development build (`npm run build`, not `build:release`) allows when
 * PUBLIC_IMAGE_HOSTS is unset: a reserved example domain (RFC 2606) that the tests and the simulator
 * serve the app's avatars from, as the development key pair stands in for the production one. A
 * release names its own hosts or allows none (avatars then show the initial).
 * @example cspSources({ PUBLIC_IMAGE_HOSTS: DEVELOPMENT_IMAGE_HOSTS }).img // ["'self'", 'data:', 'https://cdn.example.com']
 */
export const DEVELOPMENT_IMAGE_HOSTS = 'https://cdn.example.com';

/** The https origin of one configured URL; throws with the variable's name when it is not one. */
function httpsOrigin(name: string, value: string): string {
  let url;
  try {
    url = new URL(value.trim());
  } catch {
    throw new Error(`${name}: "${value}" is not a URL (expected an https origin such as https://img.example.com)`);
  }
  if (url.protocol !== 'https:' || url.username || url.password) throw new Error(`${name}: "${value}" is not an https origin`);
  return url.origin;
}

/**
 * The CSP sources of `connect-src` and `img-src`.
 * @example cspSources({ PUBLIC_IMAGE_HOSTS: 'https://img.example.com' }).img // ["'self'", 'data:', 'https://img.example.com']
 */
export function cspSources(env: Record<string, string | undefined>): { connect: string[]; img: string[] } {
  const api = env.PUBLIC_API_HOST ? [httpsOrigin('PUBLIC_API_HOST', env.PUBLIC_API_HOST)] : [];
  const images = (env.PUBLIC_IMAGE_HOSTS ?? '')
    .split(',')
    .filter((host) => host.trim())
    .map((host) => httpsOrigin('PUBLIC_IMAGE_HOSTS', host));
  return { connect: ["'self'", ...api], img: ["'self'", 'data:', ...new Set(images)] };
}
