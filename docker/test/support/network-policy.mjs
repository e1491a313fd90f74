// Kubernetes NetworkPolicy semantics, small enough to read, for checking deploy/k8s's policies without a cluster:
// which connections a set of policies allows between pods (and addresses outside the cluster). As the API
// reference defines them: a pod selected by no policy of a direction is open in that direction; once selected, a
// connection needs a matching rule in some policy of the pod's namespace, at both ends (egress of the source,
// ingress of the destination); rules and peers are ORed, a peer's namespaceSelector and podSelector ANDed; a named
// port is resolved on the destination pod. ipBlock peers are taken to match only addresses outside the cluster (as
// the reference advises: pod IPs are ephemeral), and `except` is not used by the manifests, so it is refused.

/** Whether `labels` satisfy a LabelSelector (matchLabels and matchExpressions); an empty selector matches all. */
export function selects(selector, labels = {}) {
  if (!selector) return true;
  for (const [key, value] of Object.entries(selector.matchLabels ?? {})) if (labels[key] !== value) return false;
  for (const { key, operator, values = [] } of selector.matchExpressions ?? []) {
    const has = key in labels;
    if (operator === 'In' && !(has && values.includes(labels[key]))) return false;
    if (operator === 'NotIn' && has && values.includes(labels[key])) return false;
    if (operator === 'Exists' && !has) return false;
    if (operator === 'DoesNotExist' && has) return false;
    if (!['In', 'NotIn', 'Exists', 'DoesNotExist'].includes(operator)) throw new Error(`selector operator ${operator}`);
  }
  return true;
}

const namespaceLabels = (namespace) => ({ 'kubernetes.io/metadata.name': namespace });

/** Whether `endpoint` (a pod {namespace, labels}, or {external: true}) is one of the peers, for a policy in `namespace`. */
function peerMatches(peers, endpoint, namespace) {
  if (!peers || peers.length === 0) return true;
  return peers.some((peer) => {
    if (peer.ipBlock) {
      if (peer.ipBlock.except) throw new Error('ipBlock.except is not modelled');
      return !!endpoint.external && ['0.0.0.0/0', '::/0'].includes(peer.ipBlock.cidr);
    }
    if (endpoint.external) return false;
    if (peer.namespaceSelector) {
      return selects(peer.namespaceSelector, namespaceLabels(endpoint.namespace)) && selects(peer.podSelector, endpoint.labels);
    }
    return endpoint.namespace === namespace && selects(peer.podSelector, endpoint.labels);
  });
}

/** Whether a rule's ports admit `port` ({port: number, protocol}) on `destination`, whose named ports resolve it. */
function portMatches(ports, port, destination) {
  if (!ports || ports.length === 0) return true;
  return ports.some((entry) => {
    if ((entry.protocol ?? 'TCP') !== (port.protocol ?? 'TCP')) return false;
    if (entry.port === undefined) return true;
    if (typeof entry.port === 'number') return entry.port === port.port;
    return (destination.ports ?? []).some((p) => p.name === entry.port && p.containerPort === port.port);
  });
}

const typesOf = (policy) => policy.spec.policyTypes ?? (policy.spec.egress ? ['Ingress', 'Egress'] : ['Ingress']);

function side(policies, pod, direction, other, port, destination) {
  if (pod.external) return true;
  const applying = policies.filter(
    (p) => p.metadata.namespace === pod.namespace && typesOf(p).includes(direction) && selects(p.spec.podSelector, pod.labels),
  );
  if (applying.length === 0) return true;
  const rulesKey = direction === 'Ingress' ? 'ingress' : 'egress';
  const peersKey = direction === 'Ingress' ? 'from' : 'to';
  return applying.some((p) =>
    (p.spec[rulesKey] ?? []).some(
      (rule) => peerMatches(rule[peersKey], other, p.metadata.namespace) && portMatches(rule.ports, port, destination),
    ),
  );
}

/** Whether a connection from `source` to `destination` on `port` is allowed by `policies` (at both ends). */
export function allowed(policies, source, destination, port) {
  return (
    side(policies, source, 'Egress', destination, port, destination) && side(policies, destination, 'Ingress', source, port, destination)
  );
}

/** The pods a policy's podSelector selects among `pods` of its namespace. */
export function selectedPods(policy, pods) {
  return pods.filter((pod) => pod.namespace === policy.metadata.namespace && selects(policy.spec.podSelector, pod.labels));
}
