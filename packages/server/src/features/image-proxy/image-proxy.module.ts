import type { Config } from '../../infra/config.js';
import type { FeatureModule } from '../../infra/http/feature-module.js';
import { ImageProxySigner } from './image-proxy-signer.js';
import { imageProxyRoutes } from './image-proxy.routes.js';

/** Remote images of mail, fetched by the server through an SSRF-guarded proxy with signed URLs. */
export function createImageProxyModule(deps: { config: Pick<Config, 'sessionSecret' | 'imageProxy'> }) {
  const signer = new ImageProxySigner(deps.config.sessionSecret);
  const module: FeatureModule = {
    name: 'image-proxy',
    routes: imageProxyRoutes(signer, { ...deps.config.imageProxy, maxRedirects: 3 }),
  };
  return { module, signer };
}
