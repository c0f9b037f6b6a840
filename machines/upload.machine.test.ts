import { describeModel } from './model-suite';
import { createActor, fromCallback } from 'xstate';
import {
  shownProgress,
  uploadMachine,
  type UploadFile,
  type UploadInput,
  type UploadTransferEvent,
} from './upload.machine';

describeModel('upload');

function startUpload(input: UploadInput) {
  let send: ((event: UploadTransferEvent) => void) | undefined;
  let aborted = false;
  const warnings: string[] = [];
  const actor = createActor(
    uploadMachine.provide({
      actors: {
        sendFile: fromCallback<UploadTransferEvent, { file: UploadFile }>(({ sendBack }) => {
          send = sendBack;
          return () => {
            aborted = true;
          };
        }),
      },
      actions: { warnRefused: (_, { file, refusal }) => warnings.push(`${file.name}: ${refusal}`) },
    }),
    { input },
  ).start();
  return { actor, send: (e: UploadTransferEvent) => send!(e), warnings, aborted: () => aborted };
}

const photo = { name: 'photo.jpg', size: 1000, type: 'image/jpeg' };

describe('upload rules', () => {
  it('shows 0 up to at most 95 while sending, then 100', () => {
    const { actor, send } = startUpload({ file: photo, maxUploadSize: null, accept: null });
    expect(actor.getSnapshot().context.progress).toBe(0);
    send({ type: 'PROGRESS', loaded: 40, total: 100 });
    expect(actor.getSnapshot().context.progress).toBe(40);
    send({ type: 'PROGRESS', loaded: 100, total: 100 });
    expect(actor.getSnapshot().context.progress).toBe(95);
    send({ type: 'PROGRESS', loaded: 10, total: 100 });
    expect(actor.getSnapshot().context.progress).toBe(95);
    send({ type: 'SENT', file: { id: 1 } });
    expect(actor.getSnapshot().value).toBe('done');
    expect(actor.getSnapshot().context.progress).toBe(100);
  });

  it('never goes above 95 or below 0 for odd totals', () => {
    expect(shownProgress(0, 5, 0)).toBe(0);
    expect(shownProgress(0, 999, 1000)).toBe(95);
    expect(shownProgress(0, 2000, 1000)).toBe(95);
  });

  it('refuses an oversize file and a type outside the accepted list before sending, naming the file', () => {
    const big = startUpload({ file: { ...photo, size: 6000 }, maxUploadSize: 5000, accept: null });
    expect(big.actor.getSnapshot().value).toBe('refused');
    const text = startUpload({
      file: { name: 'a.txt', size: 1, type: 'text/plain' },
      maxUploadSize: 5000,
      accept: ['image/*', '.pdf'],
    });
    expect(text.actor.getSnapshot().value).toBe('refused');
    expect([...big.warnings, ...text.warnings]).toEqual(['photo.jpg: size', 'a.txt: type']);
    const pdf = startUpload({
      file: { name: 'A.PDF', size: 1, type: '' },
      maxUploadSize: 5000,
      accept: ['image/*', '.pdf'],
    });
    expect(pdf.actor.getSnapshot().value).toBe('sending');
  });

  it('records the server message on error, retries from 0, and aborts the transfer on cancel', () => {
    const { actor, send, aborted } = startUpload({ file: photo, maxUploadSize: null, accept: null });
    send({ type: 'PROGRESS', loaded: 50, total: 100 });
    send({ type: 'FAILED', error: { error: { code: 4, message: 'Too big for the disk' } } });
    expect(actor.getSnapshot().value).toBe('failed');
    expect(actor.getSnapshot().context.error).toEqual({ code: 4, message: 'Too big for the disk' });
    actor.send({ type: 'RETRY' });
    expect(actor.getSnapshot().context).toMatchObject({ progress: 0, error: null });
    actor.send({ type: 'CANCEL' });
    expect(actor.getSnapshot().value).toBe('cancelled');
    expect(aborted()).toBe(true);
  });
});
