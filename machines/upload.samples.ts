import { uploadMachine } from './upload.machine';
import { entry, serverError } from './samples';

/** The upload machine's example inputs and events, for its model-based tests and the statechart viewer. */
export const uploadSamples = entry({
  name: 'upload',
  title: 'File upload',
  machine: uploadMachine,
  inputs: {
    accepted: {
      file: { name: 'photo.jpg', size: 1000, type: 'image/jpeg' },
      maxUploadSize: 5000,
      accept: ['image/*'],
    },
    tooLarge: {
      file: { name: 'movie.jpg', size: 9000, type: 'image/jpeg' },
      maxUploadSize: 5000,
      accept: null,
    },
    wrongType: {
      file: { name: 'notes.txt', size: 10, type: 'text/plain' },
      maxUploadSize: 5000,
      accept: ['image/*'],
    },
  },
  sampleEvents: () => [
    { type: 'PROGRESS', loaded: 50, total: 100 },
    { type: 'PROGRESS', loaded: 100, total: 100 },
    { type: 'SENT', file: { id: 7, filename_download: 'photo.jpg' } },
    { type: 'FAILED', error: serverError(4, 'Upload failed') },
    { type: 'RETRY' },
    { type: 'CANCEL' },
  ],
});
