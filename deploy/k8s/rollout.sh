#!/usr/bin/env bash
# Rolls the store out with plain kubectl, migrations first:
#   deploy/k8s/rollout.sh [overlay]        (default deploy/k8s/overlays/production)
# 1. applies everything except the API and web Deployments (namespace, config, secrets, database, services,
#    the migrations Job), after deleting the previous Job (a Job's pod template cannot be changed in place);
# 2. waits for the Job to complete: a failed migration stops here, with the old replicas still serving;
# 3. applies the rest and waits for the rollouts.
# Argo CD needs none of this (the Job is a PreSync hook); Flux: see docs/operations.md, "Kubernetes".
set -euo pipefail
overlay="${1:-deploy/k8s/overlays/production}"
namespace="${NAMESPACE:-tshirt-store}"

kubectl delete job store-migrate --namespace "$namespace" --ignore-not-found --wait=true
kubectl apply -k "$overlay" --selector 'app.kubernetes.io/component notin (api,web)'
# The Job fails for good after its backoffLimit or activeDeadlineSeconds (15 min); stop then, with its logs.
until kubectl wait --namespace "$namespace" --for=condition=complete --timeout=10s job/store-migrate >/dev/null 2>&1; do
  failed="$(kubectl get job store-migrate --namespace "$namespace" -o jsonpath='{.status.conditions[?(@.type=="Failed")].status}')"
  if [ "$failed" = "True" ]; then
    kubectl logs --namespace "$namespace" job/store-migrate --tail=50 || true
    echo "rollout: the migrations Job failed; the running version is untouched" >&2
    exit 1
  fi
done
echo "rollout: migrations applied"
kubectl apply -k "$overlay"
kubectl rollout status --namespace "$namespace" deployment/store-api --timeout=10m
kubectl rollout status --namespace "$namespace" deployment/store-web --timeout=10m
