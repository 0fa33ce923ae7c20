export { default as searchRoutes } from './routes.ts';
