export { HeaderMenu } from './header-menu';
export { overflowSides, useScrollCues } from './scroll-cues';
export { SectionNav } from './section-nav';
export { DASHBOARD_SECTIONS, type DashboardSectionId } from './sections';
