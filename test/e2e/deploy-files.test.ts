// deploy: {compose, kubernetes} emits deployment files that their own tools accept: nginx -t for nginx.conf, the
// Kubernetes API's JSON schemas (kubernetes-models) for the manifests. scale.store memory installs and emits
// nothing of the Redis store.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Deployment } from 'kubernetes-models/apps/v1/Deployment';
import { HorizontalPodAutoscaler } from 'kubernetes-models/autoscaling/v2/HorizontalPodAutoscaler';
import { PodDisruptionBudget } from 'kubernetes-models/policy/v1/PodDisruptionBudget';
import { Service } from 'kubernetes-models/v1/Service';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { binary } from '../support/scale-cluster.js';
import { copyExample, generateProject, runCli, tempDir } from '../support/project.js';

const BASE = `version: 1
server: {name: '@acme/Notes.Server', version: 1.2.0+build.7}
transports: {http: {port: 8123, maxBodyBytes: 65536}}
tools:
  ping: {description: Answers pong to show the server is up.}
`;

describe('deploy files', () => {
  const dir = generateProject(`${BASE}scale: {store: redis}\ndeploy: {compose: true, kubernetes: true, replicas: 4}\n`);
  const read = (path: string) => readFileSync(join(dir, path), 'utf8');

  it.skipIf(!binary('nginx'))('nginx.conf passes nginx -t', () => {
    // `app` is the Compose service, resolvable only inside Compose's network: the check points it at loopback.
    const conf = join(tempDir(), 'nginx.conf');
    writeFileSync(conf, read('deploy/nginx.conf').replace('server app:8123', 'server 127.0.0.1:8123'));
    const out = execFileSync(binary('nginx')!, ['-t', '-c', conf, '-e', join(tempDir(), 'error.log')], { encoding: 'utf8', stdio: 'pipe' });
    expect(out).toBe('');
    expect(read('deploy/nginx.conf')).toMatch(/proxy_buffering off;[\s\S]*proxy_read_timeout 1h;/);
    expect(read('deploy/nginx.conf')).toContain('proxy_set_header Host $http_host;');
    expect(read('deploy/nginx.conf')).toContain('client_max_body_size 64k;');
  });

  it('the Kubernetes manifests validate against the Kubernetes API schemas', () => {
    const doc = (name: string) => parse(read(`deploy/kubernetes/${name}.yaml`));
    const deployment = new Deployment(doc('deployment'));
    deployment.validate();
    new Service(doc('service')).validate();
    new PodDisruptionBudget(doc('pdb')).validate();
    new HorizontalPodAutoscaler(doc('hpa')).validate();
    // A DNS-1123 name from the npm name, probes on the server's endpoints, a preStop drain, the store's Secret.
    expect(deployment.metadata?.name).toBe('notes-server');
    const container = deployment.spec!.template.spec!.containers[0];
    expect(container.image).toBe('notes-server:1.2.0_build.7');
    expect(container.readinessProbe?.httpGet?.path).toBe('/readyz');
    expect(container.livenessProbe?.httpGet?.path).toBe('/healthz');
    expect(container.lifecycle?.preStop?.exec?.command).toBeDefined();
    expect(container.envFrom).toEqual([{ secretRef: { name: 'notes-server-scale' } }]);
    expect(deployment.spec!.replicas).toBe(4);
    // The schemas do reject what the API server would.
    expect(() => new Deployment({ ...doc('deployment'), spec: { ...doc('deployment').spec, replicas: 'four' } }).validate()).toThrow(
      /replicas must be integer/,
    );
  });

  it('compose.yaml runs the replicas behind nginx with Redis', () => {
    const compose = parse(read('deploy/compose.yaml'));
    expect(compose.services.app.deploy.replicas).toBe(4);
    expect(compose.services.app.environment).toMatchObject({ MCP_STORE_URL: 'redis://redis:6379/0', MCP_PORT: '8123' });
    expect(compose.services.app.environment.MCP_REQUEST_STATE_KEY).toMatch(/^\$\{MCP_REQUEST_STATE_KEY:\?/);
    expect(compose.services.nginx.ports).toEqual(['8123:8080']);
    expect(Object.keys(compose.services)).toEqual(['redis', 'app', 'nginx']);
  });

  it('compose.yaml hardens every container: read-only, no capabilities, no new privileges, no root', () => {
    const compose = parse(read('deploy/compose.yaml'));
    for (const [name, service] of Object.entries(compose.services as Record<string, Record<string, unknown>>)) {
      expect(service.read_only, name).toBe(true);
      expect(service.cap_drop, name).toEqual(['ALL']);
      expect(service.cap_add, name).toBeUndefined();
      expect(service.security_opt, name).toEqual(['no-new-privileges:true']);
      expect(service.privileged, name).toBeUndefined();
      // What must be written goes to a tmpfs (or Redis's own volume), never to the image's file system.
      expect(service.tmpfs, name).toEqual(['/tmp']);
    }
    // No root: Redis as its image's redis user, the app as the Dockerfile's node user, nginx's unprivileged image.
    expect(compose.services.redis.user).toBe('redis');
    expect(compose.services.app.user).toBeUndefined();
    expect(compose.services.nginx.image).toMatch(/^nginxinc\/nginx-unprivileged:/);
    expect(read('deploy/nginx.conf')).toMatch(/^pid \/tmp\/nginx\.pid;$/m);
    for (const temp of ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'])
      expect(read('deploy/nginx.conf')).toMatch(new RegExp(`^  ${temp}_temp_path /tmp/`, 'm'));
  });

  it('compose.yaml gives Redis a password from a secret that no file here holds, and the app reads it from the secret', () => {
    const compose = parse(read('deploy/compose.yaml'));
    // The secret's value comes from the environment of `docker compose`, like MCP_REQUEST_STATE_KEY: nothing to commit.
    expect(compose.secrets).toEqual({ redis_password: { environment: 'REDIS_PASSWORD' } });
    expect(compose.services.redis.secrets).toEqual(['redis_password']);
    expect(compose.services.app.secrets).toEqual(['redis_password']);
    expect(compose.services.app.environment.MCP_STORE_PASSWORD_FILE).toBe('/run/secrets/redis_password');
    // The password is interpolated nowhere (it would land in the containers' configuration), and sits in no
    // container's environment; Redis refuses to start without one.
    expect(read('deploy/compose.yaml')).not.toMatch(/\$\{?REDIS_PASSWORD/);
    for (const service of Object.values(compose.services as Record<string, { environment?: Record<string, string> }>))
      expect(Object.keys(service.environment ?? {}).filter((k) => /PASSWORD|SECRET|TOKEN/.test(k))).toEqual(
        service.environment ? ['MCP_STORE_PASSWORD_FILE'] : [],
      );
    const script = compose.services.redis.command.at(-1) as string;
    expect(compose.services.redis.command.slice(0, 2)).toEqual(['sh', '-c']);
    expect(script).toMatch(/^test -s \/run\/secrets\/redis_password \|\| \{.*exit 1; \}$/m);
    expect(script).toMatch(/printf 'requirepass %s\\n.*' "\$\$\(cat \/run\/secrets\/redis_password\)" > \/tmp\/redis\.conf/);
    expect(script).toMatch(/^exec redis-server \/tmp\/redis\.conf$/m);
    expect(compose.services.redis.healthcheck.test.join(' ')).toContain('REDISCLI_AUTH=');
  });

  it('the Deployment meets the Pod Security Standards restricted profile', () => {
    const deployment = parse(read('deploy/kubernetes/deployment.yaml'));
    const pod = deployment.spec.template.spec;
    expect(pod.automountServiceAccountToken).toBe(false);
    expect(pod.securityContext).toMatchObject({ runAsNonRoot: true, seccompProfile: { type: 'RuntimeDefault' } });
    expect(pod.securityContext.runAsUser).toBeGreaterThan(0);
    for (const key of ['hostNetwork', 'hostPID', 'hostIPC']) expect(pod[key], key).toBeUndefined();
    // Restricted allows these volume types only; hostPath above all is refused.
    const allowed = ['configMap', 'csi', 'downwardAPI', 'emptyDir', 'ephemeral', 'persistentVolumeClaim', 'projected', 'secret'];
    for (const volume of pod.volumes)
      expect(
        Object.keys(volume)
          .filter((k) => k !== 'name')
          .every((k) => allowed.includes(k)),
      ).toBe(true);
    for (const container of pod.containers) {
      expect(container.securityContext).toEqual({
        runAsNonRoot: true,
        allowPrivilegeEscalation: false,
        readOnlyRootFilesystem: true,
        capabilities: { drop: ['ALL'] },
        seccompProfile: { type: 'RuntimeDefault' },
      });
      for (const port of container.ports) expect(port.hostPort).toBeUndefined();
      expect(container.volumeMounts).toEqual([{ name: 'tmp', mountPath: '/tmp' }]);
    }
    expect(pod.volumes).toEqual([{ name: 'tmp', emptyDir: { medium: 'Memory', sizeLimit: '64Mi' } }]);
  });

  it('scale.store memory (the default) installs no store client and emits no store runtime or deploy files', () => {
    const plain = generateProject(BASE);
    expect(JSON.parse(readFileSync(join(plain, 'package.json'), 'utf8')).dependencies).not.toHaveProperty('ioredis');
    for (const file of ['store-redis', 'session-store', 'store-setup'])
      expect(existsSync(join(plain, `src/generated/${file}.gen.ts`))).toBe(false);
    expect(readFileSync(join(plain, 'src/generated/entry.gen.ts'), 'utf8')).not.toMatch(/store-setup|ioredis|MCP_STORE_URL/);
    expect(existsSync(join(plain, 'deploy'))).toBe(false);
    expect(JSON.parse(read('package.json')).dependencies.ioredis).toMatch(/^\d+\.\d+\.\d+$/);
  });

  it('validation refuses replicas without a shared store, and a store or deploy files without HTTP', () => {
    const check = (manifest: string) => {
      const d = tempDir();
      writeFileSync(join(d, 'mcp.yaml'), manifest);
      return runCli(['validate', '-m', join(d, 'mcp.yaml'), '--format', 'json']);
    };
    const codes = (manifest: string) =>
      (JSON.parse(check(manifest).stdout).issues as { code: string; severity: string }[])
        .filter((i) => i.severity === 'error')
        .map((i) => i.code);
    expect(codes(`${BASE}deploy: {compose: true}\n`)).toEqual(['deploy/needs-store']);
    expect(codes(`${BASE}deploy: {compose: true, replicas: 1}\n`)).toEqual([]);
    const noHttp = BASE.replace('transports: {http: {port: 8123, maxBodyBytes: 65536}}', 'transports: {http: false}');
    expect(codes(`${noHttp}scale: {store: redis}\ndeploy: {kubernetes: true}\n`).sort()).toEqual(['deploy/needs-http', 'scale/needs-http']);
  });

  it('examples/scaled is current and its deployment files pass the same checks', () => {
    const example = copyExample('scaled');
    const regen = runCli(['generate', '-m', join(example, 'mcp.yaml'), '--no-check']);
    expect(regen.stdout).toMatch(/^up to date|^created 0, updated 0, unchanged \d+ in/m);
    const read = (path: string) => parse(readFileSync(join(example, 'deploy', path), 'utf8'));
    new Deployment(read('kubernetes/deployment.yaml')).validate();
    new Service(read('kubernetes/service.yaml')).validate();
    new PodDisruptionBudget(read('kubernetes/pdb.yaml')).validate();
    new HorizontalPodAutoscaler(read('kubernetes/hpa.yaml')).validate();
    expect(read('compose.yaml').services.app.deploy.replicas).toBe(3);
    if (!binary('nginx')) return;
    const conf = join(tempDir(), 'nginx.conf');
    writeFileSync(conf, readFileSync(join(example, 'deploy', 'nginx.conf'), 'utf8').replace('server app:8080', 'server 127.0.0.1:8080'));
    execFileSync(binary('nginx')!, ['-t', '-c', conf, '-e', join(tempDir(), 'error.log')], { stdio: 'pipe' });
  });
});
