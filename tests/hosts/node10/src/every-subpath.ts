// Replaced by tests/e2e/hosts.spec.ts with an import of each subpath in the packed package's `exports`.
export {};
