// The health checks' surface: its plugin only.
export { healthPlugin } from './plugin';
