export { flowRoutes } from './routes';
export { launch, act, withdraw, resubmit, HANDLE, STATUS, type Notices } from './transitions';
