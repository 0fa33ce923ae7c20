export { default as reviewRoutes } from './routes.ts';
