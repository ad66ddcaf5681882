/** What other features use of media: stored images and uploads waiting for processing, and their addresses. */
export { MediaFile } from './media-file.entity';
export { MediaModule } from './media.module';
export { mediaUrl } from './media.paths';
export { MediaUpload } from './media-upload.entity';
export { checkUploadedImage, imageDecodeOptions, type ImageRefusals } from './uploaded-image';
