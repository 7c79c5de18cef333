export { flowRoutes } from './routes';
export { launch, act, withdraw, resubmit, HANDLE, STATUS, type Notices } from './transitions';
export { flowEngineRoutes } from './engine-routes';
export { flowEngineImportRoutes } from './engine-import-routes';
