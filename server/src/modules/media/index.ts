/** Product images: upload, renditions, storage. */
export { type ProductImage, renditionKey, resolveProductImage } from './images.ts';
export { defaultMediaDir, LocalDiskStorage, type MediaStorage } from './storage.ts';
