/**
 * The dashboard's sections, in page order: each is an element id (stable, for links and automation) and
 * a label key in the `layout` namespace (`nav.<id>`). Other features add their content to a section by
 * rendering inside it; the section bar and the ids stay put.
 */
export const DASHBOARD_SECTIONS = [
  'overview',
  'costs',
  'cash',
  'uncertainty',
  'hardware',
  'assumptions',
  'method',
] as const;
export type DashboardSectionId = (typeof DASHBOARD_SECTIONS)[number];
