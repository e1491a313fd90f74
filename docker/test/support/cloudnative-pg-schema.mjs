// JSON schemas for the part of CloudNativePG's API (postgresql.cnpg.io/v1) that deploy/k8s uses. No npm package
// ships CloudNativePG's CRD schemas (kubernetes-models has none for it), so these are written by hand from the
// operator's API reference (Cluster and Pooler specs, CloudNativePG 1.2x). They are stricter than the CRD: every
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
        bootstrap: strict({
          initdb: strict({ database: name, owner: name, secret: strict({ name }, ['name']) }),
        }),
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

/**
 * The Secret CloudNativePG writes for a Cluster's application user: `<cluster>-app`, with these keys.
 * (Manifests may reference it although no manifest defines it.)
 */
export const CNPG_APP_SECRET_KEYS = ['username', 'password', 'dbname', 'host', 'port', 'uri', 'jdbc-uri', 'pgpass'];
/** The Services CloudNativePG creates: `<cluster>-rw` (primary), `-ro`, `-r`; a Pooler's Service is its own name. */
export const CNPG_CLUSTER_SERVICE_SUFFIXES = ['-rw', '-ro', '-r'];
