export { HardwareSection } from './hardware-section';
