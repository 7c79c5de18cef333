export { areaRoutes } from './routes';
