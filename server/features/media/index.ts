/** Images: the demo's generated illustrations and a venue's uploaded photos. The media feature's public module. */
export {
  coverImage,
  FOOD_KINDS,
  foodImage,
  logoImage,
  publicMedia,
  publicMediaJson,
  storedMedia,
  type FoodKind,
} from './illustrations.ts';
export { mediaRoutes } from './routes.ts';
export * as operations from './operations.ts';
export { configureImageJobs, imageQueueLength } from './upload.ts';
