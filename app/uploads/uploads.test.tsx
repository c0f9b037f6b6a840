// @vitest-environment jsdom
import { act, cleanup, configure, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createActor } from 'xstate';
import { uploadMachine } from '../../machines/upload.machine';
import type { SendFile } from './send-file';
import { acceptList, rowOf, summarize } from './upload-rows';
import { runUpload, UploadRefused } from './run-upload';
import { UploadRows } from './UploadRows';
import { useUploads } from './use-uploads';

afterEach(cleanup);
configure({ asyncUtilTimeout: 5000 });

/** A transfer the test drives: progress, the server's answer or its error, by hand. */
interface Transfer {
  file: File;
  progress(loaded: number, total: number): void;
  succeed(item: Record<string, unknown>): void;
  fail(error: unknown): void;
  signal: AbortSignal;
}

function scriptedSend() {
  const transfers: Transfer[] = [];
  const send: SendFile = (file, { onProgress, signal }) =>
    new Promise((resolve, reject) => {
      transfers.push({ file, progress: onProgress, succeed: resolve, fail: reject, signal });
    });
  return { send, transfers };
}

function Uploads(props: {
  send: SendFile;
  maxUploadSize?: number | null;
  accept?: string[] | null;
  onUploaded?: (file: Record<string, unknown>) => void;
  files: File[];
}) {
  const uploads = useUploads({
    send: props.send,
    maxUploadSize: props.maxUploadSize ?? null,
    accept: props.accept ?? null,
    onUploaded: props.onUploaded,
  });
  return (
    <>
      <button onClick={() => uploads.add(props.files)}>add</button>
      <UploadRows
        rows={uploads.rows}
        maxUploadSize={props.maxUploadSize ?? null}
        accept={props.accept ?? null}
        onCancel={uploads.cancel}
        onRetry={uploads.retry}
        onDismiss={(id) => uploads.clear([id])}
      />
    </>
  );
}

const file = (name: string, size: number, type: string) => new File([new Uint8Array(size)], name, { type });
const row = (name: string) => document.querySelector<HTMLElement>(`.upload-row[data-name="${name}"]`)!;

describe('upload rows', () => {
  it('reads a row from the machine: refusals, progress held at 95, 100 once the server answered', () => {
    const refused = createActor(uploadMachine.provide({ actions: { warnRefused: () => {} } }), {
      input: { file: { name: 'big.mov', size: 10, type: 'video/mp4' }, maxUploadSize: 5, accept: null },
    }).start();
    expect(rowOf('a', refused.getSnapshot())).toMatchObject({ status: 'refused', refusal: 'size' });
    expect(acceptList(' image/*, .pdf ,')).toEqual(['image/*', '.pdf']);
    expect(acceptList('')).toBeNull();
    expect(acceptList(['image/*', 'application/pdf'])).toEqual(['image/*', 'application/pdf']);
    expect(summarize([rowOf('a', refused.getSnapshot())])).toMatchObject({ refused: 1, sending: 0 });
  });

  it('runs one upload per file: progress up to 95 while sending, then 100; refusals name the file', async () => {
    const { send, transfers } = scriptedSend();
    const uploaded: Record<string, unknown>[] = [];
    render(
      <Uploads
        send={send}
        maxUploadSize={1000}
        accept={['image/*']}
        onUploaded={(item) => uploaded.push(item)}
        files={[
          file('one.png', 100, 'image/png'),
          file('two.png', 200, 'image/png'),
          file('huge.png', 5000, 'image/png'),
          file('notes.txt', 10, 'text/plain'),
        ]}
      />,
    );
    await userEvent.click(screen.getByRole('button', { name: 'add' }));
    // Only the two acceptable files went out; the others were refused before sending.
    expect(transfers.map((t) => t.file.name)).toEqual(['one.png', 'two.png']);
    expect(row('huge.png').dataset.status).toBe('refused');
    expect(within(row('huge.png')).getByRole('alert').textContent).toContain('huge.png');
    expect(within(row('huge.png')).getByRole('alert').textContent).toMatch(/larger than the upload limit/);
    expect(within(row('notes.txt')).getByRole('alert').textContent).toMatch(/notes\.txt is not one of/);

    act(() => transfers[0].progress(50, 100));
    expect(row('one.png').dataset.progress).toBe('50');
    expect(within(row('one.png')).getByRole('progressbar').getAttribute('aria-valuenow')).toBe('50');
    // Every byte is out but the server has not answered: still 95.
    act(() => transfers[0].progress(100, 100));
    expect(row('one.png').dataset.progress).toBe('95');
    expect(row('one.png').textContent).toContain('95%');
    await act(async () => transfers[0].succeed({ id: 1, filename_download: 'one.png' }));
    expect(row('one.png').dataset.status).toBe('done');
    expect(row('one.png').dataset.progress).toBe('100');
    expect(uploaded).toEqual([{ id: 1, filename_download: 'one.png' }]);
  });

  it("shows the server's message on failure, retries, and cancels (aborting the request)", async () => {
    const { send, transfers } = scriptedSend();
    render(<Uploads send={send} files={[file('a.pdf', 10, 'application/pdf')]} />);
    await userEvent.click(screen.getByRole('button', { name: 'add' }));
    await act(async () =>
      transfers[0].fail({ error: { code: 601, message: 'The file is larger than the server accepts' } }),
    );
    expect(row('a.pdf').dataset.status).toBe('failed');
    expect(within(row('a.pdf')).getByRole('alert').textContent).toBe(
      'The file is larger than the server accepts',
    );
    expect(row('a.pdf').querySelector('.upload-row__icon')?.getAttribute('data-icon')).toBe('cloud_off');

    await userEvent.click(screen.getByRole('button', { name: 'Retry the upload of a.pdf' }));
    expect(transfers).toHaveLength(2);
    expect(row('a.pdf').dataset.status).toBe('sending');
    expect(row('a.pdf').dataset.progress).toBe('0');

    await userEvent.click(screen.getByRole('button', { name: 'Cancel the upload of a.pdf' }));
    expect(transfers[1].signal.aborted).toBe(true);
    expect(row('a.pdf').dataset.status).toBe('cancelled');
    await userEvent.click(screen.getByRole('button', { name: 'Remove a.pdf from the list' }));
    expect(row('a.pdf')).toBeNull();
  });

  it('runs a single upload without rows through the same machine (FormServices.uploadFile)', async () => {
    const { send, transfers } = scriptedSend();
    const seen: number[] = [];
    const refused = runUpload(file('big.png', 50, 'image/png'), { send, maxUploadSize: 10, accept: null });
    await expect(refused).rejects.toBeInstanceOf(UploadRefused);
    expect(transfers).toHaveLength(0);

    const sent = runUpload(file('ok.png', 5, 'image/png'), {
      send,
      maxUploadSize: 10,
      accept: ['image/*'],
      onProgress: (percent) => seen.push(percent),
    });
    transfers[0].progress(5, 5);
    transfers[0].succeed({ id: 3 });
    await expect(sent).resolves.toEqual({ id: 3 });
    expect(seen).toEqual([0, 95, 100]);
  });
});
