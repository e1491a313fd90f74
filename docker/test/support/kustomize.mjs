// A small Kustomize for the subset deploy/k8s uses, so the manifests test needs no kustomize binary (none is on npm
// that works offline). It understands exactly: resources (files and folders), components, namespace, images,
// secretGenerator/configMapGenerator (envs files and literals) and patches by path (strategic-merge style: maps
// merge, lists of named items merge by `name`, other lists are replaced). Anything else in a kustomization makes
// it throw, so the manifests cannot silently use a feature this resolver would get wrong.
/* global structuredClone */
// Unlike kustomize it does not add the generators' hash suffix; names are checked as written. A generator's
// `options.disableNameSuffixHash` is recorded (build().fixedNames), for the references kustomize cannot rewrite.
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { parseAllDocuments } from 'yaml';

const KUSTOMIZATION_KEYS = new Set([
  'apiVersion',
  'kind',
  'resources',
  'components',
  'namespace',
  'images',
  'secretGenerator',
  'configMapGenerator',
  'patches',
]);
const CLUSTER_SCOPED = new Set(['Namespace']);

/** Every document of a YAML file, failing on any parse error or warning. */
export function readYamlDocuments(file) {
  const docs = parseAllDocuments(readFileSync(file, 'utf8'), { prettyErrors: true });
  const out = [];
  for (const doc of docs) {
    if (doc.errors.length || doc.warnings.length) throw new Error(`${file}: ${[...doc.errors, ...doc.warnings].join('\n')}`);
    const value = doc.toJS();
    if (value !== null) out.push(value);
  }
  return out;
}

/** Parses a .env-style file: KEY=value lines, comments and blanks skipped. */
export function readEnvFile(file) {
  const data = {};
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    const trimmed = line.trim();
    if (!trimmed || trimmed.startsWith('#')) continue;
    const at = trimmed.indexOf('=');
    if (at <= 0) throw new Error(`${file}: not KEY=value: ${line}`);
    data[trimmed.slice(0, at)] = trimmed.slice(at + 1);
  }
  return data;
}

function readKustomization(dir) {
  const file = ['kustomization.yaml', 'kustomization.yml', 'Kustomization'].map((n) => path.join(dir, n)).find(existsSync);
  if (!file) throw new Error(`${dir}: no kustomization.yaml`);
  const [k] = readYamlDocuments(file);
  const unknown = Object.keys(k).filter((key) => !KUSTOMIZATION_KEYS.has(key));
  if (unknown.length) throw new Error(`${file}: this resolver does not understand ${unknown.join(', ')}`);
  return { file, k };
}

/** Key of an object: kind and name (namespaces are set for the whole build). */
export const objectKey = (o) => `${o.kind}/${o.metadata?.name}`;

/**
 * Builds a kustomization folder into its objects. `envFile(file)` chooses the file a generator reads (the
 * test passes the committed `.example` for the git-ignored secrets file). `generated` lists the generators' keys.
 */
export function build(dir, { envFile = (file) => file } = {}) {
  const generated = new Set();
  const fixedNames = new Set();
  const envFiles = [];
  const objects = buildInto(dir, 'Kustomization', { envFile, generated, fixedNames, envFiles });
  return { objects, generated, fixedNames, envFiles };
}

function buildInto(dir, expectedKind, options) {
  const { file, k } = readKustomization(dir);
  if ((k.kind ?? 'Kustomization') !== expectedKind) throw new Error(`${file}: kind ${k.kind}, expected ${expectedKind}`);
  let objects = [];
  for (const entry of k.resources ?? []) {
    const target = path.resolve(dir, entry);
    if (statSync(target).isDirectory()) objects.push(...buildInto(target, 'Kustomization', options));
    else objects.push(...readYamlDocuments(target));
  }
  for (const generator of k.configMapGenerator ?? []) objects.push(generate('ConfigMap', dir, generator, options));
  for (const generator of k.secretGenerator ?? []) objects.push(generate('Secret', dir, generator, options));
  for (const entry of k.components ?? []) {
    objects = applyComponent(objects, path.resolve(dir, entry));
  }
  objects = applyPatches(objects, dir, k.patches ?? [], file);
  if (k.images) objects = objects.map((o) => setImages(o, k.images));
  if (k.namespace) {
    for (const o of objects) if (!CLUSTER_SCOPED.has(o.kind)) o.metadata.namespace = k.namespace;
  }
  const seen = new Set();
  for (const o of objects) {
    const key = objectKey(o);
    if (seen.has(key)) throw new Error(`${file}: ${key} is defined twice`);
    seen.add(key);
  }
  return objects;
}

function applyComponent(objects, dir) {
  const { file, k } = readKustomization(dir);
  if (k.kind !== 'Component') throw new Error(`${file}: a component must be kind Component`);
  const own = [];
  for (const entry of k.resources ?? []) own.push(...readYamlDocuments(path.resolve(dir, entry)));
  const unsupported = ['components', 'namespace', 'images', 'secretGenerator', 'configMapGenerator'].filter((key) => key in k);
  if (unsupported.length) throw new Error(`${file}: this resolver supports only resources and patches in a component`);
  return applyPatches([...objects, ...own], dir, k.patches ?? [], file);
}

function generate(kind, dir, generator, { envFile, generated, fixedNames, envFiles }) {
  const unknown = Object.keys(generator).filter((key) => !['name', 'envs', 'literals', 'type', 'options'].includes(key));
  const unknownOptions = Object.keys(generator.options ?? {}).filter((key) => key !== 'disableNameSuffixHash');
  if (unknown.length || unknownOptions.length)
    throw new Error(`${dir}: ${kind} generator option(s) not understood: ${[...unknown, ...unknownOptions].join(', ')}`);
  if (generator.options?.disableNameSuffixHash) fixedNames.add(`${kind}/${generator.name}`);
  const values = {};
  for (const env of generator.envs ?? []) {
    envFiles.push(path.resolve(dir, env));
    Object.assign(values, readEnvFile(envFile(path.resolve(dir, env))));
  }
  for (const literal of generator.literals ?? []) {
    const at = literal.indexOf('=');
    values[literal.slice(0, at)] = literal.slice(at + 1);
  }
  generated.add(`${kind}/${generator.name}`);
  const metadata = { name: generator.name };
  if (kind === 'ConfigMap') return { apiVersion: 'v1', kind, metadata, data: values };
  const data = Object.fromEntries(Object.entries(values).map(([key, value]) => [key, Buffer.from(value).toString('base64')]));
  return { apiVersion: 'v1', kind, metadata, type: generator.type ?? 'Opaque', data };
}

function applyPatches(objects, dir, patches, file) {
  for (const entry of patches) {
    const keys = Object.keys(entry);
    if (keys.length !== 1 || keys[0] !== 'path') throw new Error(`${file}: only patches with a path are understood`);
    for (const patch of readYamlDocuments(path.resolve(dir, entry.path))) {
      const index = objects.findIndex((o) => o.kind === patch.kind && o.metadata?.name === patch.metadata?.name);
      if (index < 0) throw new Error(`${file}: patch ${entry.path} targets ${objectKey(patch)}, which is not in the build`);
      if (objects[index].apiVersion !== patch.apiVersion) throw new Error(`${file}: patch ${entry.path} has another apiVersion`);
      objects[index] = merge(objects[index], patch);
    }
  }
  return objects;
}

/** Strategic-merge subset: maps merge; lists of objects with `name` merge item by item; other lists are replaced. */
export function merge(base, patch) {
  if (Array.isArray(base) && Array.isArray(patch)) {
    const named = (list) => list.every((item) => item && typeof item === 'object' && typeof item.name === 'string');
    if (!named(base) || !named(patch)) return structuredClone(patch);
    const out = base.map((item) => structuredClone(item));
    for (const item of patch) {
      const at = out.findIndex((existing) => existing.name === item.name);
      if (at >= 0) out[at] = merge(out[at], item);
      else out.push(structuredClone(item));
    }
    return out;
  }
  if (base && patch && typeof base === 'object' && typeof patch === 'object' && !Array.isArray(base) && !Array.isArray(patch)) {
    const out = structuredClone(base);
    for (const [key, value] of Object.entries(patch)) out[key] = key in out ? merge(out[key], value) : structuredClone(value);
    return out;
  }
  return structuredClone(patch);
}

/** Every container (and init container) of a workload's pod template, or of a Job's. */
export function containersOf(o) {
  const spec = o.spec?.template?.spec;
  return spec ? [...(spec.initContainers ?? []), ...(spec.containers ?? [])] : [];
}

function setImages(o, images) {
  for (const container of containersOf(o)) {
    const [name] = container.image.split(':');
    const rule = images.find((image) => image.name === name);
    if (rule) container.image = `${rule.newName ?? name}:${rule.newTag ?? container.image.split(':')[1] ?? 'latest'}`;
  }
  return o;
}
