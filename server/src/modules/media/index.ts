/** Product images: upload, renditions, storage. */
export {
  decodeImage,
  makeRenditions,
  type ProductImage,
  renditionKey,
  resolveProductImage,
  storeRenditions,
} from './images.ts';
export { S3Storage, type S3StorageOptions } from './s3-storage.ts';
export { defaultMediaDir, LocalDiskStorage, type MediaStorage } from './storage.ts';
