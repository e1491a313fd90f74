// deploy/k8s without a cluster: every overlay built (support/kustomize.mjs), every object validated against the
// Kubernetes schemas (kubernetes-models; prometheus-operator's for the ServiceMonitor; a hand-written subset of
// CloudNativePG's, see support/cloudnative-pg-schema.mjs), the cross-references checked (selectors, ports, probe
// paths, config and secret names, env names = what the API reads, the database backups and the point-in-time
// restore manifest, the NetworkPolicies against the pods they select and the connections they must allow or
// refuse), and finally the migrations Job's command and the API run with the environment the manifests give them,
// probed the way the kubelet and Prometheus would.
/* global structuredClone */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import Ajv from 'ajv';
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { API_PREFIX, ApiRoute } from '../../libs/contract/dist/index.js';
import {
  BARMAN_CLOUD_PLUGIN,
  CNPG_APP_SECRET_KEYS,
  CNPG_CLUSTER_SERVICE_SUFFIXES,
  CNPG_SCHEMAS,
  cnpgPods,
} from './support/cloudnative-pg-schema.mjs';
import { createDatabase } from './support/database.mjs';
import { build, containersOf, readEnvFile, readYamlDocuments } from './support/kustomize.mjs';
import { allowed, selectedPods, selects } from './support/network-policy.mjs';
import { templateVariables } from './support/nginx.mjs';
import { containerEnv, freePort, runToEnd, startProcess, waitFor } from './support/processes.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const k8s = path.join(root, 'deploy/k8s');
const overlays = readdirSync(path.join(k8s, 'overlays'));
const apiDist = path.join(root, 'apps/api/dist');

/** The git-ignored secrets file is never read: its committed `.example` stands in (empty values). */
const exampleFor = (file) => (existsSync(`${file}.example`) ? `${file}.example` : file);

/** Variables the API reads: the properties of EnvironmentVariables in apps/api/src/config/env.ts, named as the variables. */
function apiVariables() {
  const source = readFileSync(path.join(root, 'apps/api/src/config/env.ts'), 'utf8');
  const names = new Set();
  for (const [, name] of source.matchAll(/^ {2}([A-Z][A-Z0-9_]*)[?!]?(?::| =)/gm)) names.add(name);
  return names;
}

/** Variables .env.example documents (set or commented out). */
function documentedVariables() {
  const names = new Set();
  for (const [, name] of readFileSync(path.join(root, '.env.example'), 'utf8').matchAll(/^#? ?([A-Z][A-Z0-9_]*)=/gm)) names.add(name);
  return names;
}

const API_VARIABLES = apiVariables();
const DOCUMENTED = documentedVariables();
const DRAIN_SECONDS =
  Number(
    /DRAIN_DEADLINE_MS = ([\d_]+)/
      .exec(readFileSync(path.join(root, 'apps/api/src/common/graceful-shutdown.ts'), 'utf8'))[1]
      .replaceAll('_', ''),
  ) / 1000;

const ajv = new Ajv({ allErrors: true, strict: true });
const cnpgValidators = Object.fromEntries(Object.entries(CNPG_SCHEMAS).map(([key, schema]) => [key, ajv.compile(schema)]));

/** Validates one object with the model class of its apiVersion and kind; throws with the schema's message. */
async function validateObject(o) {
  const [group, version] = o.apiVersion.includes('/') ? o.apiVersion.split('/') : [undefined, o.apiVersion];
  if (group === 'postgresql.cnpg.io' || group === 'barmancloud.cnpg.io') {
    const validate = cnpgValidators[`${o.apiVersion} ${o.kind}`];
    if (!validate) throw new Error(`no schema for ${o.apiVersion} ${o.kind}`);
    if (!validate(o)) throw new Error(ajv.errorsText(validate.errors));
    return;
  }
  const module =
    group === 'monitoring.coreos.com'
      ? await import(`@kubernetes-models/prometheus-operator/monitoring.coreos.com/${version}/${o.kind}`)
      : await import(`kubernetes-models/${group ? `${group}/` : ''}${version}/${o.kind}`);
  new module[o.kind](structuredClone(o)).validate();
}

const labelsMatch = (selector, labels) => Object.entries(selector ?? {}).every(([key, value]) => labels?.[key] === value);

function overlayBuild(overlay) {
  return kustomizeBuild(path.join(k8s, 'overlays', overlay));
}

function kustomizeBuild(dir) {
  const { objects, generated, fixedNames, envFiles } = build(dir, { envFile: exampleFor });
  const find = (kind, name) => objects.find((o) => o.kind === kind && o.metadata.name === name);
  const all = (kind) => objects.filter((o) => o.kind === kind);
  return { objects, generated, fixedNames, envFiles, find, all };
}

/**
 * The environment a container gets, as the kubelet builds it: envFrom first, then env (which wins), with $(NAME)
 * expanded from earlier entries. Keys of CloudNativePG's generated `<cluster>-app` Secret come from `generatedSecret`.
 * Returns the values and, per name, where it came from.
 */
function containerEnvironment(container, b, generatedSecret = (name, key) => `<${name}/${key}>`) {
  const env = {};
  const from = {};
  for (const source of container.envFrom ?? []) {
    if (source.configMapRef) {
      const cm = b.find('ConfigMap', source.configMapRef.name);
      for (const [key, value] of Object.entries(cm.data)) {
        env[key] = value;
        from[key] = 'ConfigMap';
      }
    }
    if (source.secretRef) {
      const secret = b.find('Secret', source.secretRef.name);
      for (const [key, value] of Object.entries(secret.data)) {
        env[key] = Buffer.from(value, 'base64').toString();
        from[key] = 'Secret';
      }
    }
  }
  for (const entry of container.env ?? []) {
    if (entry.value !== undefined) env[entry.name] = entry.value.replace(/\$\(([A-Za-z_][A-Za-z0-9_]*)\)/g, (m, name) => env[name] ?? m);
    else if (entry.valueFrom?.secretKeyRef) {
      const { name, key } = entry.valueFrom.secretKeyRef;
      const secret = b.find('Secret', name);
      env[entry.name] = secret ? Buffer.from(secret.data[key], 'base64').toString() : generatedSecret(name, key);
    } else if (entry.valueFrom?.configMapKeyRef) {
      env[entry.name] = b.find('ConfigMap', entry.valueFrom.configMapKeyRef.name).data[entry.valueFrom.configMapKeyRef.key];
    } else throw new Error(`env ${entry.name}: a source this test does not know`);
    from[entry.name] = 'env';
  }
  return { env, from };
}

/** Stand-ins for the keys of CloudNativePG's generated `<cluster>-app` Secret (the operator's passwords are URL-safe). */
const cnpgSample = (name, key) =>
  ({ username: 'store', password: 'generatedpassword', uri: 'postgresql://store:generatedpassword@store-db-rw:5432/store' })[key] ??
  `${name}-${key}`;

/** Names in `container.env` used only to build another value through $(NAME): not API settings themselves. */
function helperVariables(container) {
  const entries = container.env ?? [];
  return new Set(
    entries
      .filter((entry, i) => entries.slice(i + 1).some((later) => later.value?.includes(`$(${entry.name})`)))
      .map((entry) => entry.name),
  );
}

/** Secret names the manifests may use without defining: those CloudNativePG writes for a Cluster in the build. */
function operatorSecrets(b) {
  return new Map(b.all('Cluster').map((cluster) => [`${cluster.metadata.name}-app`, CNPG_APP_SECRET_KEYS]));
}

/** The API's and the migrations Job's containers: the two that run the API image. */
function apiImageContainers(b) {
  return [
    ['Deployment store-api', containersOf(b.find('Deployment', 'store-api')).find((c) => c.name === 'api')],
    ['Job store-migrate', containersOf(b.find('Job', 'store-migrate')).find((c) => c.name === 'migrate')],
  ];
}

/** Values for the empty secrets of an unfilled secrets.env.example, as an operator would fill them in. */
function filledSecrets(env) {
  const fill = {
    JWT_SECRET: 'k8s-manifests-test-secret-0123456789-abcdefghijkl',
    ADMIN_EMAIL: 'k8s-admin@example.com',
    ADMIN_PASSWORD: 'k8s-admin-password',
    BRAINTREE_MERCHANT_ID: 'merchant',
    BRAINTREE_PUBLIC_KEY: 'public',
    BRAINTREE_PRIVATE_KEY: 'private',
    DATABASE_URL: 'postgres://store:secret@db.example.internal:5432/store?sslmode=require',
  };
  return Object.fromEntries(Object.entries(env).map(([key, value]) => [key, value === '' && key in fill ? fill[key] : value]));
}

it('has the production overlay and its managed-database alternative', () => {
  expect(overlays.sort()).toEqual(['production', 'production-managed-db']);
});

it('keeps real secrets out of git: no Secret manifest, the generators read a git-ignored file whose example is empty', () => {
  const files = spawnSync('git', ['ls-files', 'deploy/k8s'], { cwd: root, encoding: 'utf8' }).stdout.trim().split('\n');
  for (const file of files.filter((f) => /\.ya?ml$/.test(f))) {
    for (const doc of readYamlDocuments(path.join(root, file))) expect({ file, kind: doc.kind }).not.toEqual({ file, kind: 'Secret' });
  }
  for (const overlay of overlays) {
    // Every file a generator reads (secrets.env, backup-s3.env, ...) is git-ignored, and its example is empty.
    for (const envFile of overlayBuild(overlay).envFiles) {
      const secretsFile = path.relative(root, envFile);
      expect(files).not.toContain(secretsFile);
      expect({ secretsFile, ignored: spawnSync('git', ['check-ignore', '-q', secretsFile], { cwd: root }).status }).toEqual({
        secretsFile,
        ignored: 0,
      });
      const example = readEnvFile(path.join(root, `${secretsFile}.example`));
      expect(Object.keys(example).length).toBeGreaterThan(0);
      expect(Object.entries(example).filter(([, value]) => value !== '')).toEqual([]);
    }
  }
});

describe.each(overlays)('overlay %s', (overlay) => {
  let b;
  beforeAll(() => {
    b = overlayBuild(overlay);
  });

  it('builds, and every object is valid against its schema', async () => {
    expect(b.objects.length).toBeGreaterThan(10);
    for (const o of b.objects) {
      await expect(
        validateObject(o).then(
          () => 'valid',
          (error) => `${o.kind}/${o.metadata.name}: ${error.message}`,
        ),
      ).resolves.toBe('valid');
      if (o.kind !== 'Namespace')
        expect({ object: `${o.kind}/${o.metadata.name}`, namespace: o.metadata.namespace }).toEqual({
          object: `${o.kind}/${o.metadata.name}`,
          namespace: 'tshirt-store',
        });
    }
    const kinds = new Set(b.objects.map((o) => o.kind));
    for (const kind of [
      'Deployment',
      'Service',
      'HorizontalPodAutoscaler',
      'PodDisruptionBudget',
      'Job',
      'Ingress',
      'ConfigMap',
      'Secret',
      'ServiceMonitor',
      'Namespace',
      'NetworkPolicy',
    ]) {
      expect(kinds).toContain(kind);
    }
  });

  it('runs the API as >= 2 hardened replicas with probes, resources and a drain that fits the grace period', () => {
    const deployment = b.find('Deployment', 'store-api');
    expect(deployment.spec.replicas).toBeGreaterThanOrEqual(2);
    const pod = deployment.spec.template.spec;
    const api = pod.containers.find((c) => c.name === 'api');
    expect(api.readinessProbe.httpGet.path).toBe(`${API_PREFIX}${ApiRoute.health}`);
    expect(api.livenessProbe.httpGet.path).toBe(`${API_PREFIX}${ApiRoute.health}/live`);
    const preStop = api.lifecycle.preStop.exec.command;
    expect(preStop[0]).toBe('sleep');
    // SIGTERM comes after preStop; then in-flight requests get DRAIN_DEADLINE_MS before the pool closes.
    expect(pod.terminationGracePeriodSeconds).toBeGreaterThan(Number(preStop[1]) + DRAIN_SECONDS);
    expect(pod.securityContext.runAsNonRoot).toBe(true);
    // The image's USER is a name (`node`): the kubelet needs a numeric id to check runAsNonRoot.
    expect(pod.securityContext.runAsUser).toBe(1000);
    expect(readFileSync(path.join(root, 'docker/api.Dockerfile'), 'utf8')).toMatch(/^USER node$/m);
    const tmp = api.volumeMounts.find((m) => m.mountPath === '/tmp');
    expect(pod.volumes.find((v) => v.name === tmp.name).emptyDir).toBeDefined();
    const hpa = b.find('HorizontalPodAutoscaler', 'store-api');
    expect(hpa.spec.minReplicas).toBeGreaterThanOrEqual(2);
    expect(hpa.spec.maxReplicas).toBeGreaterThan(hpa.spec.minReplicas);
  });

  it('hardens every container: non-root, read-only root, no privilege escalation, no capabilities, requests and limits', () => {
    for (const o of b.objects) {
      for (const c of containersOf(o)) {
        const where = `${o.kind}/${o.metadata.name} ${c.name}`;
        const podContext = o.spec.template.spec.securityContext ?? {};
        expect({ where, nonRoot: c.securityContext?.runAsNonRoot ?? podContext.runAsNonRoot }).toEqual({ where, nonRoot: true });
        expect({ where, readOnly: c.securityContext?.readOnlyRootFilesystem }).toEqual({ where, readOnly: true });
        expect({ where, escalation: c.securityContext?.allowPrivilegeEscalation }).toEqual({ where, escalation: false });
        expect({ where, drop: c.securityContext?.capabilities?.drop }).toEqual({ where, drop: ['ALL'] });
        for (const kind of ['requests', 'limits']) {
          expect({ where, kind, cpu: !!c.resources?.[kind]?.cpu, memory: !!c.resources?.[kind]?.memory }).toEqual({
            where,
            kind,
            cpu: true,
            memory: true,
          });
        }
      }
    }
  });

  it('points Services, the Ingress, the HPA and the PDBs at pods and ports that exist', () => {
    const deployments = b.all('Deployment');
    const podsOf = (selector) => deployments.filter((d) => labelsMatch(selector, d.spec.template.metadata.labels));
    for (const service of b.all('Service')) {
      const targets = podsOf(service.spec.selector);
      expect({ service: service.metadata.name, selects: targets.length }).toEqual({ service: service.metadata.name, selects: 1 });
      const ports = targets.flatMap((d) => d.spec.template.spec.containers.flatMap((c) => c.ports ?? []));
      for (const port of service.spec.ports) {
        const target = port.targetPort ?? port.port;
        const found = ports.find((p) => (typeof target === 'string' ? p.name === target : p.containerPort === target));
        expect({ service: service.metadata.name, target, found: !!found }).toEqual({ service: service.metadata.name, target, found: true });
      }
    }
    for (const d of deployments) {
      expect(labelsMatch(d.spec.selector.matchLabels, d.spec.template.metadata.labels)).toBe(true);
    }
    for (const pdb of b.all('PodDisruptionBudget')) expect(podsOf(pdb.spec.selector.matchLabels)).toHaveLength(1);
    const hpa = b.find('HorizontalPodAutoscaler', 'store-api');
    expect(b.find(hpa.spec.scaleTargetRef.kind, hpa.spec.scaleTargetRef.name)).toBeDefined();
    for (const rule of b.find('Ingress', 'store').spec.rules) {
      for (const p of rule.http.paths) {
        const service = b.find('Service', p.backend.service.name);
        expect(service.spec.ports.map((port) => port.name)).toContain(p.backend.service.port.name);
        // The public entry is the web front only: never the API's metrics.
        expect(service.metadata.name).toBe('store-web');
      }
    }
  });

  it('matches the API container ports to PORT and METRICS_PORT, and the web image to its nginx template', () => {
    const { env } = containerEnvironment(apiImageContainers(b)[0][1], b);
    const api = b.find('Deployment', 'store-api').spec.template.spec.containers.find((c) => c.name === 'api');
    expect(api.ports.find((p) => p.name === 'http').containerPort).toBe(Number(env.PORT));
    expect(api.ports.find((p) => p.name === 'metrics').containerPort).toBe(Number(env.METRICS_PORT));
    expect(api.livenessProbe.httpGet.port).toBe('http');
    expect(api.readinessProbe.httpGet.port).toBe('http');

    const web = b.find('Deployment', 'store-web').spec.template.spec.containers.find((c) => c.name === 'web');
    const webEnv = Object.fromEntries(web.env.map((e) => [e.name, e.value]));
    const template = readFileSync(path.join(root, 'docker/nginx.conf'), 'utf8');
    const imageEnv = /^ENV ([\s\S]*?)(?:\n(?!\s))/m.exec(readFileSync(path.join(root, 'docker/web.Dockerfile'), 'utf8'))[1];
    for (const name of Object.keys(webEnv)) {
      expect({ name, known: templateVariables(template).includes(name) && imageEnv.includes(`${name}=`) }).toEqual({ name, known: true });
    }
    expect(web.ports.find((p) => p.name === 'http').containerPort).toBe(Number(webEnv.NGINX_PORT));
    const [host, port] = webEnv.API_UPSTREAM.split(':');
    expect(b.find('Service', host).spec.ports.map((p) => p.port)).toContain(Number(port));
  });

  it('gives the API image only variables the API reads, every one documented, and the ones production requires', async () => {
    expect(API_VARIABLES.size).toBeGreaterThan(40);
    for (const name of API_VARIABLES) expect({ name, documented: DOCUMENTED.has(name) }).toEqual({ name, documented: true });
    const operatorMade = operatorSecrets(b);
    for (const [where, container] of apiImageContainers(b)) {
      for (const source of container.envFrom ?? []) {
        const ref = source.configMapRef ?? source.secretRef;
        const kind = source.configMapRef ? 'ConfigMap' : 'Secret';
        expect({ where, ref: `${kind}/${ref.name}`, exists: !!b.find(kind, ref.name) }).toEqual({
          where,
          ref: `${kind}/${ref.name}`,
          exists: true,
        });
      }
      for (const entry of container.env ?? []) {
        const ref = entry.valueFrom?.secretKeyRef;
        if (!ref) continue;
        const defined = b.find('Secret', ref.name);
        const known = defined ? ref.key in defined.data : operatorMade.get(ref.name)?.includes(ref.key);
        expect({ where, ref: `${ref.name}/${ref.key}`, known: !!known }).toEqual({ where, ref: `${ref.name}/${ref.key}`, known: true });
      }
      const { env } = containerEnvironment(container, b);
      const helpers = helperVariables(container);
      for (const name of Object.keys(env).filter((n) => !helpers.has(n))) {
        expect({ where, name, readByApi: API_VARIABLES.has(name), documented: DOCUMENTED.has(name) }).toEqual({
          where,
          name,
          readByApi: true,
          documented: true,
        });
      }
      const required = ['NODE_ENV', 'DATABASE_URL', 'JWT_SECRET'];
      if (env.PAYMENT_GATEWAY !== 'test') required.push('BRAINTREE_MERCHANT_ID', 'BRAINTREE_PUBLIC_KEY', 'BRAINTREE_PRIVATE_KEY');
      for (const name of required) expect({ where, name, set: name in env }).toEqual({ where, name, set: true });
      expect(env.NODE_ENV).toBe('production');

      // The API's own validation (the build's config/env.js): refuses the unfilled example, accepts it filled in.
      const { loadConfig } = await import(pathToFileURL(path.join(apiDist, 'config/env.js')).href);
      const unfilled = containerEnvironment(container, b, cnpgSample).env;
      expect(() => loadConfig(unfilled)).toThrow(/JWT_SECRET: required in production/);
      const config = loadConfig(filledSecrets(unfilled));
      expect(config.nodeEnv).toBe('production');
      expect(config.metricsPort).toBe(Number(env.METRICS_PORT));
    }
  });

  it('scrapes the metrics port through a Service no Ingress uses, with a ServiceMonitor that finds it', () => {
    const monitor = b.find('ServiceMonitor', 'store-api');
    const services = b.all('Service').filter((s) => labelsMatch(monitor.spec.selector.matchLabels, s.metadata.labels));
    expect(services.map((s) => s.metadata.name)).toEqual(['store-api-metrics']);
    const [endpoint] = monitor.spec.endpoints;
    expect(services[0].spec.ports.map((p) => p.name)).toContain(endpoint.port);
    expect(endpoint.path).toBe('/metrics');
    expect(services[0].spec.ports).toHaveLength(1);
    expect(b.find('Service', 'store-api').spec.ports.map((p) => p.targetPort)).toEqual(['http']);
  });

  it('runs the migrations Job before the Deployments: Argo CD waves, and the kubectl script waits for it', () => {
    const job = b.find('Job', 'store-migrate');
    const migrate = job.spec.template.spec.containers[0];
    expect(migrate.command).toEqual(['node', 'apps/api/dist/database/migrate.js']);
    expect(readFileSync(path.join(root, 'docker/compose.yaml'), 'utf8')).toContain(
      `command: ['node', 'apps/api/dist/database/migrate.js']`,
    );
    expect(job.spec.template.spec.restartPolicy).toBe('Never');
    expect(job.metadata.annotations['argocd.argoproj.io/hook']).toBe('Sync');
    expect(job.metadata.annotations['argocd.argoproj.io/hook-delete-policy']).toBe('BeforeHookCreation');
    const wave = (o) => Number(o.metadata.annotations?.['argocd.argoproj.io/sync-wave'] ?? 0);
    for (const d of b.all('Deployment')) expect(wave(d)).toBeGreaterThan(wave(job));
    for (const o of b.objects.filter((x) => !['Deployment', 'Job'].includes(x.kind))) expect(wave(o)).toBeLessThan(wave(job));
    const script = readFileSync(path.join(k8s, 'rollout.sh'), 'utf8');
    expect(script).toContain(`kubectl delete job ${job.metadata.name}`);
    expect(script).toContain(`--for=condition=complete --timeout=10s job/${job.metadata.name}`);
    // Phase one leaves out exactly the Deployments, which are labelled api and web.
    expect(script).toContain(`--selector 'app.kubernetes.io/component notin (api,web)'`);
    const excluded = b.objects.filter((o) => ['api', 'web'].includes(o.metadata.labels?.['app.kubernetes.io/component']));
    expect(excluded.some((o) => o.kind === 'Job')).toBe(false);
    expect(b.all('Deployment').every((d) => excluded.includes(d))).toBe(true);
  });

  describe('NetworkPolicies', () => {
    const NS = 'tshirt-store';
    /** The build's pods (from the Deployments' and the Job's templates, and the ones the operator makes) and the
     * others the policies name: the Ingress controller, Prometheus, the cluster DNS, the CloudNativePG operator. */
    let pods;
    const outside = {
      ingressController: { name: 'ingress-nginx', namespace: 'ingress-nginx', labels: { 'app.kubernetes.io/name': 'ingress-nginx' } },
      prometheus: { name: 'prometheus', namespace: 'monitoring', labels: { 'app.kubernetes.io/name': 'prometheus' } },
      dns: {
        name: 'coredns',
        namespace: 'kube-system',
        labels: { 'k8s-app': 'kube-dns' },
        ports: [
          { name: 'dns', containerPort: 53, protocol: 'UDP' },
          { name: 'dns-tcp', containerPort: 53 },
        ],
      },
      operator: { name: 'cnpg-operator', namespace: 'cnpg-system', labels: { 'app.kubernetes.io/name': 'cloudnative-pg' } },
      stranger: {
        name: 'stranger',
        namespace: 'other-team',
        labels: { 'app.kubernetes.io/name': 'tshirt-store', 'app.kubernetes.io/component': 'api' },
      },
      // Any pod of the store's namespace that is not the store's (kubectl run, a debug container).
      neighbour: { name: 'neighbour', namespace: NS, labels: { run: 'debug' } },
      internet: { name: 'internet', external: true },
    };
    const pod = (name) => pods.find((p) => p.name === name);
    const operationsDoc = readFileSync(path.join(root, 'docs/operations.md'), 'utf8');
    const can = (from, to, port, protocol = 'TCP') => allowed(b.all('NetworkPolicy'), from, to, { port, protocol });

    beforeAll(() => {
      pods = [
        ...[...b.all('Deployment'), ...b.all('Job')].map((o) => ({
          name: o.metadata.labels['app.kubernetes.io/component'],
          namespace: o.metadata.namespace,
          labels: o.spec.template.metadata.labels,
          ports: containersOf(o).flatMap((c) => c.ports ?? []),
        })),
        ...cnpgPods(b.objects).map((p) => ({ ...p, name: p.labels['cnpg.io/podRole'], namespace: NS })),
      ];
    });

    it('select pods of the build, name peers that exist, and ports those pods have', () => {
      const policies = b.all('NetworkPolicy');
      expect(policies.length).toBeGreaterThanOrEqual(4);
      for (const policy of policies) {
        const where = `NetworkPolicy/${policy.metadata.name}`;
        const targets = selectedPods(policy, pods);
        expect({ where, selects: targets.length > 0 }).toEqual({ where, selects: true });
        for (const [rulesKey, peersKey] of [
          ['ingress', 'from'],
          ['egress', 'to'],
        ]) {
          for (const rule of policy.spec[rulesKey] ?? []) {
            // The pods at the other end, when they are the store's own (same namespace, no namespaceSelector).
            const peers = (rule[peersKey] ?? []).filter((peer) => peer.podSelector && !peer.namespaceSelector);
            const peerPods = peers.map((peer) => pods.filter((p) => p.namespace === NS && selects(peer.podSelector, p.labels)));
            for (const [i, found] of peerPods.entries()) {
              expect({ where, peer: peers[i].podSelector, found: found.length > 0 }).toEqual({
                where,
                peer: peers[i].podSelector,
                found: true,
              });
            }
            // A port is resolved on the receiving pods: the policy's own for ingress, the peers' for egress.
            const receivers = rulesKey === 'ingress' ? targets : peerPods.flat();
            for (const { port, protocol = 'TCP' } of rule.ports ?? []) {
              for (const receiver of receivers) {
                const has = (receiver.ports ?? []).some((p) =>
                  typeof port === 'string' ? p.name === port : p.containerPort === port && (p.protocol ?? 'TCP') === protocol,
                );
                expect({ where, receiver: receiver.name, port, has }).toEqual({ where, receiver: receiver.name, port, has: true });
              }
            }
            // Other namespaces are named by the label Kubernetes sets on each, and every one is documented.
            for (const peer of (rule[peersKey] ?? []).filter((x) => x.namespaceSelector)) {
              const labels = peer.namespaceSelector.matchLabels ?? {};
              const namespace = labels['kubernetes.io/metadata.name'];
              expect(Object.keys(labels)).toEqual(['kubernetes.io/metadata.name']);
              expect({ where, namespace, documented: operationsDoc.includes(`\`${namespace}\``) }).toEqual({
                where,
                namespace,
                documented: true,
              });
            }
          }
        }
      }
      // Every pod of the store is behind an ingress policy.
      for (const p of pods) {
        expect({ pod: p.name, covered: policies.some((policy) => selectedPods(policy, [p]).length > 0) }).toEqual({
          pod: p.name,
          covered: true,
        });
      }
    });

    it('let the Ingress controller reach only the web pods, which alone reach the API', () => {
      const [web, api] = [pod('web'), pod('api')];
      expect(can(outside.ingressController, web, 8080)).toBe(true);
      expect(can(outside.ingressController, api, 3000)).toBe(false);
      expect(can(web, api, 3000)).toBe(true);
      expect(can(web, api, 9464)).toBe(false);
      for (const intruder of [outside.stranger, outside.neighbour, outside.internet, pod('migrate')]) {
        expect({ from: intruder.name, toApi: can(intruder, api, 3000), toWeb: can(intruder, web, 8080) }).toEqual({
          from: intruder.name,
          toApi: false,
          toWeb: false,
        });
      }
      expect(can(outside.prometheus, api, 9464)).toBe(true);
      expect(can(outside.prometheus, api, 3000)).toBe(false);
      expect(can(outside.prometheus, web, 8080)).toBe(false);
    });

    it('let the API call DNS, HTTPS (Braintree, S3) and SMTP, and nothing else outside', () => {
      const api = pod('api');
      expect(can(api, outside.dns, 53, 'UDP')).toBe(true);
      expect(can(api, outside.dns, 53)).toBe(true);
      for (const port of [443, 465, 587]) expect({ port, allowed: can(api, outside.internet, port) }).toEqual({ port, allowed: true });
      for (const port of [22, 80, 6379]) expect({ port, allowed: can(api, outside.internet, port) }).toEqual({ port, allowed: false });
      expect(can(pod('web'), outside.internet, 443)).toBe(false);
      expect(can(pod('migrate'), outside.internet, 443)).toBe(false);
      expect(can(pod('migrate'), outside.dns, 53, 'UDP')).toBe(true);
    });

    if (overlay === 'production') {
      it('let only the API, the migrations Job, the operator and the database itself reach the database pods', () => {
        const [api, migrate, web, instance, pooler] = ['api', 'migrate', 'web', 'instance', 'pooler'].map(pod);
        expect(can(api, pooler, 5432)).toBe(true);
        // The LISTEN connection and the migrations go to the primary directly.
        expect(can(api, instance, 5432)).toBe(true);
        expect(can(migrate, instance, 5432)).toBe(true);
        expect(can(migrate, pooler, 5432)).toBe(false);
        expect(can(outside.operator, instance, 8000)).toBe(true);
        expect(can(outside.operator, instance, 5432)).toBe(true);
        // Replication between instances, and the pooler's connections to the primary.
        expect(can(instance, instance, 5432)).toBe(true);
        expect(can(pooler, instance, 5432)).toBe(true);
        for (const intruder of [web, outside.stranger, outside.neighbour, outside.ingressController, outside.prometheus]) {
          expect({ from: intruder.name, instance: can(intruder, instance, 5432), pooler: can(intruder, pooler, 5432) }).toEqual({
            from: intruder.name,
            instance: false,
            pooler: false,
          });
        }
        expect(can(api, outside.internet, 5432)).toBe(false);
      });
    } else {
      it('let the API and the migrations Job reach the managed database on its port, and nothing else', () => {
        expect(can(pod('api'), outside.internet, 5432)).toBe(true);
        expect(can(pod('migrate'), outside.internet, 5432)).toBe(true);
        expect(can(pod('web'), outside.internet, 5432)).toBe(false);
      });
    }
  });

  if (overlay === 'production') {
    it('archives WAL and takes nightly base backups to the bucket, its keys from a git-ignored Secret', () => {
      const cluster = b.find('Cluster', 'store-db');
      const [plugin] = cluster.spec.plugins;
      expect(plugin).toMatchObject({ name: BARMAN_CLOUD_PLUGIN, isWALArchiver: true });
      expect(plugin.parameters.serverName).toBe(cluster.metadata.name);
      const store = b.find('ObjectStore', plugin.parameters.barmanObjectName);
      expect(store).toBeDefined();
      expect(store.spec.retentionPolicy).toMatch(/^\d+[dwm]$/);
      // The overlay names the bucket; the example path of the component is not what ships.
      expect(store.spec.configuration.destinationPath).toMatch(/^s3:\/\/[a-z0-9.-]+\/.+\/$/);
      expect(store.spec.configuration.destinationPath).not.toBe(
        readYamlDocuments(path.join(k8s, 'components/cloudnative-pg/object-store.yaml'))[0].spec.configuration.destinationPath,
      );
      for (const selector of Object.values(store.spec.configuration.s3Credentials)) {
        const secret = b.find('Secret', selector.name);
        expect({ secret: selector.name, key: selector.key, found: !!secret && selector.key in secret.data }).toEqual({
          secret: selector.name,
          key: selector.key,
          found: true,
        });
        // Kustomize rewrites a generated Secret's hashed name only in kinds it knows: an ObjectStore needs it fixed.
        expect(b.fixedNames).toContain(`Secret/${selector.name}`);
        expect(b.generated).toContain(`Secret/${selector.name}`);
      }
      const schedules = b.all('ScheduledBackup');
      expect(schedules).toHaveLength(1);
      const [schedule] = schedules;
      expect(schedule.spec.cluster.name).toBe(cluster.metadata.name);
      expect(schedule.spec).toMatchObject({ method: 'plugin', pluginConfiguration: { name: plugin.name }, immediate: true });
      // Every day: seconds, minutes and hours fixed, any day of month, month and weekday.
      expect(schedule.spec.schedule).toMatch(/^\d+ \d+ \d+ \* \* \*$/);
    });

    it('runs Postgres on CloudNativePG: 3 instances, the API through the pooler, migrations on the primary', () => {
      const cluster = b.find('Cluster', 'store-db');
      expect(cluster.spec.instances).toBe(3);
      const pooler = b.all('Pooler')[0];
      expect(pooler.spec.cluster.name).toBe(cluster.metadata.name);
      expect(pooler.spec.type).toBe('rw');
      const [, api] = apiImageContainers(b)[0];
      const url = new URL(containerEnvironment(api, b, cnpgSample).env.DATABASE_URL);
      // A Pooler's Service carries the Pooler's name.
      expect(url.hostname).toBe(pooler.metadata.name);
      expect(url.pathname).toBe(`/${cluster.spec.bootstrap.initdb.database}`);
      const [, migrate] = apiImageContainers(b)[1];
      const ref = migrate.env.find((e) => e.name === 'DATABASE_URL').valueFrom.secretKeyRef;
      expect(ref).toEqual({ name: `${cluster.metadata.name}-app`, key: 'uri' });
      expect(CNPG_CLUSTER_SERVICE_SUFFIXES).toContain('-rw');
    });
  } else {
    it('has no database objects and takes DATABASE_URL from the Secret', () => {
      expect(b.all('Cluster')).toEqual([]);
      expect(b.all('Pooler')).toEqual([]);
      expect(b.all('ObjectStore')).toEqual([]);
      expect(b.all('ScheduledBackup')).toEqual([]);
      for (const [, container] of apiImageContainers(b)) expect(containerEnvironment(container, b).from.DATABASE_URL).toBe('Secret');
    });
  }
});

describe('the point-in-time restore manifest (deploy/k8s/restore)', () => {
  let r;
  let production;
  beforeAll(() => {
    r = kustomizeBuild(path.join(k8s, 'restore'));
    production = overlayBuild('production');
  });

  it('is a Cluster bootstrapped from the backups to a target time, valid against the schema, in no overlay', async () => {
    expect(r.objects.map((o) => `${o.kind}/${o.metadata.name}`)).toEqual(['Cluster/store-db-restore']);
    const [cluster] = r.objects;
    await expect(validateObject(cluster).then(() => 'valid')).resolves.toBe('valid');
    expect(cluster.metadata.namespace).toBe('tshirt-store');
    const { recovery } = cluster.spec.bootstrap;
    expect(Object.keys(cluster.spec.bootstrap)).toEqual(['recovery']);
    expect(Number.isNaN(Date.parse(recovery.recoveryTarget.targetTime))).toBe(false);
    for (const overlay of overlays) expect(overlayBuild(overlay).find('Cluster', cluster.metadata.name)).toBeUndefined();
  });

  it("reads the production cluster's backups, restores its database and owner, and archives under a name of its own", () => {
    const [cluster] = r.objects;
    const original = production.find('Cluster', 'store-db');
    const [archive] = original.spec.plugins;
    const { recovery } = cluster.spec.bootstrap;
    const source = cluster.spec.externalClusters.find((e) => e.name === recovery.source);
    expect(source.plugin).toEqual({
      name: archive.name,
      parameters: { barmanObjectName: archive.parameters.barmanObjectName, serverName: archive.parameters.serverName },
    });
    expect(production.find('ObjectStore', source.plugin.parameters.barmanObjectName)).toBeDefined();
    expect({ database: recovery.database, owner: recovery.owner }).toEqual(original.spec.bootstrap.initdb);
    const [own] = cluster.spec.plugins;
    expect(own).toMatchObject({
      name: archive.name,
      isWALArchiver: true,
      parameters: { barmanObjectName: archive.parameters.barmanObjectName },
    });
    // Two clusters writing one archive would corrupt it; the operator refuses a non-empty one.
    expect(own.parameters.serverName).not.toBe(archive.parameters.serverName);
  });

  it('is sized and configured as the production cluster, so it can take over from it, and its pods fall under the database policy', () => {
    const [cluster] = r.objects;
    const original = production.find('Cluster', 'store-db');
    const comparable = (spec) => {
      const { bootstrap: _bootstrap, externalClusters: _externalClusters, plugins: _plugins, ...rest } = spec;
      return rest;
    };
    expect(comparable(cluster.spec)).toEqual(comparable(original.spec));
    const [pod] = cnpgPods(r.objects);
    const policy = production.find('NetworkPolicy', 'store-db');
    expect(selectedPods(policy, [{ ...pod, namespace: 'tshirt-store' }])).toHaveLength(1);
  });
});

describe("the production overlay's environment, running", () => {
  let b;
  let db;
  let api;
  let apiPort;
  let metricsPort;

  /** The container's environment with the secrets filled in, on this machine's database and free ports. */
  function localEnv(container) {
    const { env } = containerEnvironment(container, b, cnpgSample);
    return containerEnv({ ...filledSecrets(env), DATABASE_URL: db.url, PORT: String(apiPort), METRICS_PORT: String(metricsPort) });
  }

  beforeAll(async () => {
    b = overlayBuild('production');
    db = await createDatabase();
    [apiPort, metricsPort] = [await freePort(), await freePort()];
  });
  afterAll(async () => {
    await api?.stop();
    await db?.drop?.();
  });

  it("applies the migrations with the Job's command and environment", async () => {
    const [, migrate] = apiImageContainers(b)[1];
    const [command, ...args] = migrate.command;
    const result = await runToEnd(command === 'node' ? process.execPath : command, args, { cwd: root, env: localEnv(migrate) });
    expect({ code: result.code, stderr: result.stderr }).toEqual({ code: 0, stderr: '' });
    expect(result.stdout).toMatch(/^Applied /);
  });

  it('starts the API, which answers its probes on the http port and /metrics where the ServiceMonitor looks', async () => {
    const [, container] = apiImageContainers(b)[0];
    api = startProcess(process.execPath, ['apps/api/dist/main.js'], { cwd: root, env: localEnv(container), name: 'api' });
    const base = `http://127.0.0.1:${apiPort}`;
    await waitFor('the API to answer', async () => {
      if (!api.running) throw new Error(`the API exited:\n${api.output()}`);
      return (await fetch(`${base}${API_PREFIX}${ApiRoute.health}`)).ok;
    });
    // The pending migrations were applied by the Job: the API found none.
    expect(api.output()).not.toMatch(/Applied|migration .* has been executed/i);

    for (const probe of ['readinessProbe', 'livenessProbe', 'startupProbe']) {
      const { path: probePath } = container[probe].httpGet;
      const status = (await fetch(`${base}${probePath}`)).status;
      expect({ probe, probePath, status }).toEqual({ probe, probePath, status: 200 });
    }

    const monitor = b.find('ServiceMonitor', 'store-api');
    const metrics = await fetch(`http://127.0.0.1:${metricsPort}${monitor.spec.endpoints[0].path}`);
    expect(metrics.status).toBe(200);
    const text = await metrics.text();
    expect(text).toMatch(
      new RegExp(`^store_http_requests_total\\{method="GET",route="${API_PREFIX}${ApiRoute.health}",status="200"\\} [1-9]`, 'm'),
    );
    // Not on the public port.
    expect((await fetch(`${base}/metrics`)).status).toBe(404);

    expect(await api.stop()).toEqual({ code: 0, signal: null });
  }, 60_000);
});
