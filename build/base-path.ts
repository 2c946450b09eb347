/**
 * Where the built app is served from. The default, './', makes every URL in the build relative, so the
 * same dist/ works at a host's root and under any sub-path (https://intranet/tools/gpu-tco/) without
 * a rebuild. BASE_PATH sets an absolute base instead ('/tools/gpu-tco/') for hosts that rewrite
 * deep paths to index.html; it is normalised to start and end with '/'.
 */
export function basePath(value: string | undefined): string {
  const trimmed = value?.trim() ?? '';
  if (trimmed === '' || trimmed === '.' || trimmed === './') return './';
  const withLead = trimmed.startsWith('/') ? trimmed : `/${trimmed}`;
  return withLead.endsWith('/') ? withLead : `${withLead}/`;
}
