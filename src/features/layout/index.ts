export { HeaderMenu } from './header-menu';
export { useScrollCues } from './scroll-cues';
export { SectionNav } from './section-nav';
