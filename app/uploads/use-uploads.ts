import { useCallback, useEffect, useRef, useState } from 'react';
import { createActor, type Actor } from 'xstate';
import { uploadMachine } from '../../machines/upload.machine';
import { registerLiveActor } from '../statecharts/live-actors';
import { sendFileActor, type SendFile } from './send-file';
import { rowOf, type UploadRow } from './upload-rows';

export interface UploadsOptions {
  send: SendFile;
  /** Bytes (the server's max_upload_size); null: no limit known. */
  maxUploadSize: number | null;
  /** Accepted types; null accepts all. */
  accept: string[] | null;
  /** Each created file item, as its upload finishes. */
  onUploaded?: (file: Record<string, unknown>, row: UploadRow) => void;
}

let counter = 0;

interface Running {
  actor: Actor<typeof uploadMachine>;
  /** Takes it off the statechart viewer's list of live actors. */
  unregister: () => void;
}

function stop(running: Running | undefined) {
  running?.actor.stop();
  running?.unregister();
}

/**
 * A list of uploads, one upload-machine actor per file: `add` starts one per chosen file (refused ones
 * stop at once with their reason), `cancel` and `retry` talk to one, `clear` drops the settled rows.
 * The rows are the actors' snapshots as `UploadRow`s, in the order the files were added.
 */
export function useUploads(options: UploadsOptions) {
  const [rows, setRows] = useState<UploadRow[]>([]);
  const actors = useRef(new Map<string, Running>());
  const latest = useRef(options);
  latest.current = options;

  useEffect(() => {
    const running = actors.current;
    return () => {
      for (const entry of running.values()) stop(entry);
      running.clear();
    };
  }, []);

  const add = useCallback((files: File[]) => {
    const { maxUploadSize, accept, send } = latest.current;
    const started: string[] = [];
    const added: UploadRow[] = [];
    for (const file of files) {
      counter += 1;
      const id = `upload-${counter}`;
      const machine = uploadMachine.provide({
        actors: { sendFile: sendFileActor(file, send) },
        // The refused row itself is the warning that names the file (UploadRows).
        actions: { warnRefused: () => {} },
      });
      const actor = createActor(machine, {
        input: { file: { name: file.name, size: file.size, type: file.type }, maxUploadSize, accept },
      });
      let wasDone = false;
      actor.subscribe((snapshot) => {
        const row = rowOf(id, snapshot);
        setRows((list) => list.map((entry) => (entry.id === id ? row : entry)));
        if (row.status === 'done' && !wasDone && row.file) {
          wasDone = true;
          latest.current.onUploaded?.(row.file, row);
        }
      });
      actors.current.set(id, { actor, unregister: () => {} });
      added.push(rowOf(id, actor.getSnapshot()));
      started.push(id);
    }
    setRows((list) => [...list, ...added]);
    for (const id of started) {
      const entry = actors.current.get(id)!;
      entry.unregister = registerLiveActor('upload', entry.actor);
      entry.actor.start();
    }
  }, []);

  const cancel = useCallback((id: string) => actors.current.get(id)?.actor.send({ type: 'CANCEL' }), []);
  const retry = useCallback((id: string) => actors.current.get(id)?.actor.send({ type: 'RETRY' }), []);
  /** Drops settled rows (all of them, or the given ones). */
  const clear = useCallback((ids?: string[]) => {
    setRows((list) =>
      list.filter((row) => {
        const drop = row.status !== 'sending' && (!ids || ids.includes(row.id));
        if (drop) {
          stop(actors.current.get(row.id));
          actors.current.delete(row.id);
        }
        return !drop;
      }),
    );
  }, []);

  return { rows, add, cancel, retry, clear };
}
