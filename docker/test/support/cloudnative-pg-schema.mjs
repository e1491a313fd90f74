// JSON schemas for the part of CloudNativePG's API (postgresql.cnpg.io/v1) and of its Barman Cloud plugin's
// (barmancloud.cnpg.io/v1) that deploy/k8s uses. No npm package ships their CRD schemas (kubernetes-models has none
// for them), so these are written by hand from the API references (Cluster, Pooler, ScheduledBackup: CloudNativePG
// 1.2x; ObjectStore: plugin-barman-cloud 0.x, whose `configuration` is the operator's barmanObjectStore). They are
// stricter than the CRDs: every
// level the manifests touch allows only the fields listed here, so a typo or a field this file does not know
// fails the test until someone checks it against the reference and adds it. `kubectl apply --dry-run=server`
// against a cluster with the operator installed validates against the real CRD.
const quantity = { type: 'string', pattern: '^[0-9]+(\\.[0-9]+)?(m|k|Ki|Mi|Gi|Ti|M|G|T)?$' };
const stringMap = { type: 'object', additionalProperties: { type: 'string' } };
const name = { type: 'string', pattern: '^[a-z0-9]([-a-z0-9]*[a-z0-9])?$', maxLength: 63 };
const metadata = {
  type: 'object',
  required: ['name'],
  properties: { name, namespace: name, labels: stringMap, annotations: stringMap },
  additionalProperties: false,
};
const resources = {
  type: 'object',
  properties: {
    requests: { type: 'object', additionalProperties: quantity },
    limits: { type: 'object', additionalProperties: quantity },
  },
  additionalProperties: false,
};
const strict = (properties, required = []) => ({ type: 'object', properties, required, additionalProperties: false });
const secretKeySelector = strict({ name, key: { type: 'string', minLength: 1 } }, ['name', 'key']);
/** A CNPG-I plugin entry (Cluster spec.plugins[], externalClusters[].plugin); parameters are plugin-defined strings. */
const pluginConfiguration = strict(
  { name: { type: 'string', minLength: 1 }, enabled: { type: 'boolean' }, isWALArchiver: { type: 'boolean' }, parameters: stringMap },
  ['name'],
);
/** The Barman Cloud plugin's name, the one value `plugins[].name`, `externalClusters[].plugin.name` and backups use here. */
export const BARMAN_CLOUD_PLUGIN = 'barman-cloud.cloudnative-pg.io';
/** Exactly one recovery target (the operator refuses more); targetTime in RFC 3339 with an explicit zone. */
const recoveryTarget = {
  ...strict({
    targetTime: { type: 'string', pattern: '^\\d{4}-\\d{2}-\\d{2}[T ]\\d{2}:\\d{2}:\\d{2}(\\.\\d+)?(Z|[+-]\\d{2}(:?\\d{2})?)$' },
    targetLSN: { type: 'string' },
    targetName: { type: 'string' },
    targetXID: { type: 'string' },
    targetImmediate: { type: 'boolean' },
    backupID: { type: 'string' },
    targetTLI: { type: 'string' },
    exclusive: { type: 'boolean' },
  }),
  oneOf: ['targetTime', 'targetLSN', 'targetName', 'targetXID', 'targetImmediate'].map((target) => ({
    type: 'object',
    properties: { [target]: true },
    required: [target],
  })),
};

export const clusterSchema = strict(
  {
    apiVersion: { const: 'postgresql.cnpg.io/v1' },
    kind: { const: 'Cluster' },
    metadata,
    spec: strict(
      {
        instances: { type: 'integer', minimum: 1 },
        imageName: { type: 'string' },
        primaryUpdateStrategy: { enum: ['unsupervised', 'supervised'] },
        bootstrap: {
          ...strict({
            initdb: strict({ database: name, owner: name, secret: strict({ name }, ['name']) }),
            recovery: strict({ source: name, database: name, owner: name, secret: strict({ name }, ['name']), recoveryTarget }, ['source']),
          }),
          // One bootstrap method: the operator's webhook refuses two.
          maxProperties: 1,
        },
        plugins: { type: 'array', items: pluginConfiguration },
        externalClusters: { type: 'array', items: strict({ name, plugin: pluginConfiguration }, ['name', 'plugin']) },
        postgresql: strict({ parameters: stringMap }),
        storage: strict({ size: quantity, storageClass: { type: 'string' } }, ['size']),
        affinity: strict({
          enablePodAntiAffinity: { type: 'boolean' },
          topologyKey: { type: 'string' },
          podAntiAffinityType: { enum: ['preferred', 'required'] },
        }),
        resources,
        monitoring: strict({ enablePodMonitor: { type: 'boolean' } }),
      },
      ['instances', 'storage'],
    ),
  },
  ['apiVersion', 'kind', 'metadata', 'spec'],
);

export const poolerSchema = strict(
  {
    apiVersion: { const: 'postgresql.cnpg.io/v1' },
    kind: { const: 'Pooler' },
    metadata,
    spec: strict(
      {
        cluster: strict({ name }, ['name']),
        instances: { type: 'integer', minimum: 0 },
        type: { enum: ['rw', 'ro'] },
        pgbouncer: strict(
          {
            poolMode: { enum: ['session', 'transaction'] },
            // Values are strings in the CRD (PgBouncer's own ini syntax).
            parameters: stringMap,
          },
          [],
        ),
      },
      ['cluster', 'pgbouncer'],
    ),
  },
  ['apiVersion', 'kind', 'metadata', 'spec'],
);

export const scheduledBackupSchema = strict(
  {
    apiVersion: { const: 'postgresql.cnpg.io/v1' },
    kind: { const: 'ScheduledBackup' },
    metadata,
    spec: strict(
      {
        // robfig/cron with a seconds field first: six fields (the operator also takes @daily-style descriptors).
        schedule: { type: 'string', pattern: '^(@\\w+|\\S+( \\S+){5})$' },
        immediate: { type: 'boolean' },
        suspend: { type: 'boolean' },
        backupOwnerReference: { enum: ['none', 'self', 'cluster'] },
        target: { enum: ['primary', 'prefer-standby'] },
        cluster: strict({ name }, ['name']),
        method: { enum: ['barmanObjectStore', 'volumeSnapshot', 'plugin'] },
        pluginConfiguration: strict({ name: { type: 'string', minLength: 1 }, parameters: stringMap }, ['name']),
      },
      ['cluster', 'schedule'],
    ),
  },
  ['apiVersion', 'kind', 'metadata', 'spec'],
);

export const objectStoreSchema = strict(
  {
    apiVersion: { const: 'barmancloud.cnpg.io/v1' },
    kind: { const: 'ObjectStore' },
    metadata,
    spec: strict(
      {
        retentionPolicy: { type: 'string', pattern: '^[1-9][0-9]*[dwm]$' },
        configuration: strict(
          {
            destinationPath: { type: 'string', pattern: '^(s3|gs)://[^/]+/|^https://' },
            endpointURL: { type: 'string', pattern: '^https?://' },
            s3Credentials: strict({
              accessKeyId: secretKeySelector,
              secretAccessKey: secretKeySelector,
              region: secretKeySelector,
              sessionToken: secretKeySelector,
              inheritFromIAMRole: { type: 'boolean' },
            }),
            wal: strict({
              compression: { enum: ['bzip2', 'gzip', 'lz4', 'snappy', 'xz', 'zstd'] },
              encryption: { enum: ['AES256', 'aws:kms'] },
              maxParallel: { type: 'integer', minimum: 1 },
            }),
            data: strict({
              compression: { enum: ['bzip2', 'gzip', 'lz4', 'snappy'] },
              encryption: { enum: ['AES256', 'aws:kms'] },
              jobs: { type: 'integer', minimum: 1 },
              immediateCheckpoint: { type: 'boolean' },
            }),
          },
          ['destinationPath'],
        ),
      },
      ['configuration'],
    ),
  },
  ['apiVersion', 'kind', 'metadata', 'spec'],
);

/** Every schema here, by `apiVersion kind`. */
export const CNPG_SCHEMAS = {
  'postgresql.cnpg.io/v1 Cluster': clusterSchema,
  'postgresql.cnpg.io/v1 Pooler': poolerSchema,
  'postgresql.cnpg.io/v1 ScheduledBackup': scheduledBackupSchema,
  'barmancloud.cnpg.io/v1 ObjectStore': objectStoreSchema,
};

/**
 * The pods the operator makes for a build's Clusters and Poolers, with the labels and ports it gives them (its
 * pkg/specs: instances listen on 5432 `postgresql`, 8000 `status`, 9187 `metrics`; PgBouncer on 5432 `pgbouncer`
 * and 9127 `metrics`), so that NetworkPolicies can be checked against them like against the Deployments' pods.
 */
export function cnpgPods(objects) {
  const pods = [];
  for (const cluster of objects.filter((o) => o.kind === 'Cluster')) {
    pods.push({
      owner: `Cluster/${cluster.metadata.name}`,
      labels: { 'cnpg.io/cluster': cluster.metadata.name, 'cnpg.io/podRole': 'instance' },
      ports: [
        { name: 'postgresql', containerPort: 5432 },
        { name: 'status', containerPort: 8000 },
        { name: 'metrics', containerPort: 9187 },
      ],
    });
  }
  for (const pooler of objects.filter((o) => o.kind === 'Pooler')) {
    pods.push({
      owner: `Pooler/${pooler.metadata.name}`,
      labels: { 'cnpg.io/cluster': pooler.spec.cluster.name, 'cnpg.io/poolerName': pooler.metadata.name, 'cnpg.io/podRole': 'pooler' },
      ports: [
        { name: 'pgbouncer', containerPort: 5432 },
        { name: 'metrics', containerPort: 9127 },
      ],
    });
  }
  return pods;
}

/**
 * The Secret CloudNativePG writes for a Cluster's application user: `<cluster>-app`, with these keys.
 * (Manifests may reference it although no manifest defines it.)
 */
export const CNPG_APP_SECRET_KEYS = ['username', 'password', 'dbname', 'host', 'port', 'uri', 'jdbc-uri', 'pgpass'];
/** The Services CloudNativePG creates: `<cluster>-rw` (primary), `-ro`, `-r`; a Pooler's Service is its own name. */
export const CNPG_CLUSTER_SERVICE_SUFFIXES = ['-rw', '-ro', '-r'];
