// deploy/: Compose (replicas behind nginx, with Redis) and Kubernetes manifests, opted into by the manifest's `deploy`.
import type { EmittedFile } from './emitted-file.js';
import { renderTemplate } from './render-template.js';
import type { ServerModel } from '../model/index.js';

const KUBERNETES = ['deployment', 'service', 'pdb', 'hpa'];

export function emitDeploy(model: ServerModel): Map<string, EmittedFile> {
  const files = new Map<string, EmittedFile>();
  if (!model.deploy || !model.http) return files;
  const data = {
    deployName: deployName(model.packageName),
    // Image tags allow [A-Za-z0-9_.-]: a semver's + becomes _.
    imageTag: model.serverVersion.replace(/[^A-Za-z0-9_.-]/g, '_'),
    deployReplicas: String(model.deploy.replicas),
    deployMaxReplicas: String(Math.max(model.deploy.replicas * 3, 3)),
    scaleRedis: model.scale.store === 'redis',
    scaleStore: model.scale.store,
    httpPort: String(model.http.port),
    httpPath: model.http.path,
    maxBodyKb: String(Math.ceil(model.http.maxBodyBytes / 1024)),
  };
  const generated = (name: string): EmittedFile => ({ owner: 'generator', content: renderTemplate(`project/deploy/${name}.hbs`, data) });
  if (model.deploy.compose) {
    files.set('deploy/compose.yaml', generated('compose.yaml'));
    files.set('deploy/nginx.conf', generated('nginx.conf'));
  }
  if (model.deploy.kubernetes) {
    for (const name of KUBERNETES) files.set(`deploy/kubernetes/${name}.yaml`, generated(`kubernetes/${name}.yaml`));
  }
  return files;
}

/** A DNS-1123 label (Kubernetes object names, Compose project and service names) from the npm package name. */
export function deployName(packageName: string): string {
  const name = packageName
    .replace(/^@[^/]+\//, '')
    .toLowerCase()
    .replace(/[^a-z0-9-]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 50)
    .replace(/-+$/, '');
  return name || 'mcp-server';
}
