export { roleRoutes } from './routes';
