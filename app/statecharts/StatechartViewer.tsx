import { useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import { useActorRef } from '@xstate/react';
import { Link } from 'wouter';
import type { AnyActorRef, AnyMachineSnapshot } from 'xstate';
import { machineCatalog, type MachineEntry } from '../../machines/catalog';
import { activeStateIds, detachedLogic, enabledEvents } from './detached';
import { layoutMachine } from './layout';
import { getLiveActors, subscribeLiveActors, type LiveActor } from './live-actors';
import { MachineDiagram } from './MachineDiagram';
import './viewer.css';
import { Button } from '../../ui';

/** Re-renders on every snapshot of the actor. */
function useSnapshot(actor: AnyActorRef | undefined): AnyMachineSnapshot | undefined {
  return useSyncExternalStore(
    (onChange) => {
      if (!actor) return () => {};
      const subscription = actor.subscribe({ next: onChange, error: onChange });
      return () => subscription.unsubscribe();
    },
    () => actor?.getSnapshot() as AnyMachineSnapshot | undefined,
  );
}

function describeValue(snapshot: AnyMachineSnapshot | undefined): string {
  if (!snapshot) return '—';
  const value = typeof snapshot.value === 'string' ? snapshot.value : JSON.stringify(snapshot.value);
  return snapshot.status === 'active' ? value : `${value} (${snapshot.status})`;
}

function DetachedCopy({
  entry,
  onSnapshot,
}: {
  entry: MachineEntry;
  onSnapshot: (s: AnyMachineSnapshot) => void;
}) {
  const inputNames = Object.keys(entry.inputs);
  const [inputName, setInputName] = useState(inputNames[0]);
  const [generation, setGeneration] = useState(0);
  return (
    <section className="sv-panel" aria-label="Detached copy">
      <h2>Detached copy</h2>
      <div className="sv-row">
        {inputNames.length > 1 && (
          <label>
            Input{' '}
            <select value={inputName} onChange={(e) => setInputName(e.target.value)}>
              {inputNames.map((name) => (
                <option key={name}>{name}</option>
              ))}
            </select>
          </label>
        )}
        <Button
          variant="secondary"
          size="small"
          icon="restart_alt"
          onClick={() => setGeneration((g) => g + 1)}
        >
          Restart
        </Button>
      </div>
      {/* A new key starts a fresh actor: another input, or Restart. */}
      <DetachedActor
        key={`${inputName}:${generation}`}
        entry={entry}
        inputName={inputName}
        onSnapshot={onSnapshot}
      />
    </section>
  );
}

function DetachedActor(props: {
  entry: MachineEntry;
  inputName: string;
  onSnapshot: (s: AnyMachineSnapshot) => void;
}) {
  const { entry, inputName, onSnapshot } = props;
  const logic = useMemo(() => detachedLogic(entry), [entry]);
  // useActorRef copes with StrictMode's extra mount (a stopped actor cannot be started again).
  const actor = useActorRef(logic, { input: entry.inputs[inputName] });
  const snapshot = useSnapshot(actor);
  useEffect(() => {
    if (snapshot) onSnapshot(snapshot);
  }, [snapshot, onSnapshot]);
  const events = snapshot ? enabledEvents(entry, snapshot) : [];
  return (
    <>
      <p className="sv-state">
        State: <strong data-testid="detached-state">{describeValue(snapshot)}</strong>
      </p>
      <div className="sv-events">
        {events.length === 0 && <p className="sv-muted">No events enabled.</p>}
        {events.map(({ label, event }) => (
          <Button
            key={label}
            variant="secondary"
            size="small"
            className="sv-event"
            title={label}
            onClick={() => actor.send(event)}
          >
            {label}
          </Button>
        ))}
      </div>
      <details>
        <summary>Context</summary>
        <pre>{JSON.stringify(snapshot?.context, null, 2)}</pre>
      </details>
    </>
  );
}

function LiveActorRow({
  live,
  selected,
  onSelect,
}: {
  live: LiveActor;
  selected: boolean;
  onSelect: () => void;
}) {
  const snapshot = useSnapshot(live.actor);
  return (
    <li>
      <label>
        <input type="radio" name="sv-source" checked={selected} onChange={onSelect} /> {live.key}:{' '}
        <strong>{describeValue(snapshot)}</strong>
      </label>
    </li>
  );
}

function HighlightedDiagram({
  entry,
  actor,
  fallback,
}: {
  entry: MachineEntry;
  actor?: AnyActorRef;
  fallback?: AnyMachineSnapshot;
}) {
  const diagram = useMemo(() => layoutMachine(entry.machine), [entry]);
  const live = useSnapshot(actor);
  const active = activeStateIds(actor ? live : fallback);
  const [fit, setFit] = useState(true);
  return (
    <div className="sv-diagram">
      <Button variant="secondary" size="small" className="sv-zoom" onClick={() => setFit((f) => !f)}>
        {fit ? 'Actual size' : 'Fit to width'}
      </Button>
      <MachineDiagram diagram={diagram} active={active} title={entry.title} fit={fit} />
    </div>
  );
}

export function StatechartViewer({ name }: { name?: string }) {
  const entry = machineCatalog.find((e) => e.name === name) ?? machineCatalog[0];
  const liveActors = useSyncExternalStore(subscribeLiveActors, getLiveActors);
  const mine = liveActors.filter((l) => l.name === entry.name);
  const [source, setSource] = useState<string>('detached');
  const [detachedSnapshot, setDetachedSnapshot] = useState<AnyMachineSnapshot>();
  const selectedLive = mine.find((l) => l.key === source);

  return (
    <div className="sv-layout">
      <nav className="sv-nav" aria-label="Machines">
        <h1>Statecharts</h1>
        <ul>
          {machineCatalog.map((e) => (
            <li key={e.name}>
              <Link href={`/statecharts/${e.name}`} className={e === entry ? 'sv-current' : undefined}>
                {e.title}
              </Link>
              {liveActors.some((l) => l.name === e.name) && (
                <span className="sv-live-dot" title="live actor" />
              )}
            </li>
          ))}
        </ul>
      </nav>
      <main className="sv-main">
        <header className="sv-header">
          <h2>{entry.title}</h2>
          <code>machines/{entry.name}.machine.ts</code>
        </header>
        <HighlightedDiagram entry={entry} actor={selectedLive?.actor} fallback={detachedSnapshot} />
        <div className="sv-panels">
          <section className="sv-panel" aria-label="Live actors">
            <h2>Highlight</h2>
            <ul className="sv-sources">
              <li>
                <label>
                  <input
                    type="radio"
                    name="sv-source"
                    checked={!selectedLive}
                    onChange={() => setSource('detached')}
                  />{' '}
                  detached copy
                </label>
              </li>
              {mine.map((live) => (
                <LiveActorRow
                  key={live.key}
                  live={live}
                  selected={live === selectedLive}
                  onSelect={() => setSource(live.key)}
                />
              ))}
            </ul>
            {mine.length === 0 && (
              <p className="sv-muted">No live actor of this machine is running in the app.</p>
            )}
          </section>
          <DetachedCopy key={entry.name} entry={entry} onSnapshot={setDetachedSnapshot} />
        </div>
      </main>
    </div>
  );
}
