/** The folder profile a document came from: its watched folder, or none for a drop (`import`). */
export function profileFor<P extends { path: string }>(profiles: readonly P[], sourceFolder: string): P | undefined {
  const norm = (p: string) => p.replace(/[\\/]+$/, '');
  return profiles.find((p) => norm(p.path) === norm(sourceFolder));
}
