import { describe, expect, it } from 'vitest';
import { cspSources } from '../../build/csp-sources.ts';

// The pages once could connect to and load images from any https host.
describe('the CSP sources of a build', () => {
  it('are the page\'s own origin alone by default: no "https:" wildcard', () => {
    expect(cspSources({})).toEqual({ connect: ["'self'"], img: ["'self'", 'data:'] });
  });

  it("add the API's origin and the configured image hosts, as origins", () => {
    const sources = cspSources({
      PUBLIC_API_HOST: 'https://api.example.com/v1/',
      PUBLIC_IMAGE_HOSTS: ' https://img.example.com , https://cdn.example.com:8443/x',
    });
    expect(sources.connect).toEqual(["'self'", 'https://api.example.com']);
    expect(sources.img).toEqual(["'self'", 'data:', 'https://img.example.com', 'https://cdn.example.com:8443']);
  });

  it('refuse the build on anything that is not an https origin', () => {
    for (const value of ['http://img.example.com', 'img.example.com', 'https:', '*', 'https://user:pw@img.example.com', "'unsafe-inline'"]) {
      expect(() => cspSources({ PUBLIC_IMAGE_HOSTS: value }), value).toThrow(/PUBLIC_IMAGE_HOSTS/);
    }
    expect(() => cspSources({ PUBLIC_API_HOST: 'http://api.example.com' })).toThrow(/PUBLIC_API_HOST/);
  });
});
