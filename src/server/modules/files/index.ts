// The files module's surface: it owns stored_files; the modules that put files in the store note them here.
export { forgetStoredFiles, recordStoredFile, recordStoredFiles, type StoredFileInsert } from './repository';
