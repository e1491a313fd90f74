/** The photos module's public surface: other modules import from here (or the module file) only. */
export { PhotosModule } from './photos.module.js';
export { PHOTO_MAX_PIXELS, type PreparedPhoto, sniffImageType } from './photo-upload.js';
export type { GalleryRow, PhotoRecord } from './product-photos.repository.js';
export { ProductPhotosService } from './product-photos.service.js';
