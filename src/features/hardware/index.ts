export { HardwareSection } from './hardware-section';
export { EstimateBadge, SourceTip } from './source-tip';
