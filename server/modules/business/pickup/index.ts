export { pickupRoutes } from './routes';
export { outboundRoutes } from './outbound-routes';
export { settleIfComplete } from './settlement';
export { poolMismatches } from './pool';
