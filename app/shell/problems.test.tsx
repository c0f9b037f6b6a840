// @vitest-environment jsdom
import { useEffect } from 'react';
import { cleanup, render, waitFor } from '@testing-library/react';
import { NotifyContext } from '../state/context';
import { useReportProblem } from './problems';

afterEach(cleanup);

function Field({ problem }: { problem: string }) {
  const report = useReportProblem();
  useEffect(() => report(problem));
  return null;
}

describe('extension problems', () => {
  it('are shown once per session, the ones of one screen in one notification', async () => {
    const notify = vi.fn();
    const screen = (problems: string[]) => (
      <NotifyContext.Provider value={notify}>
        {problems.map((problem, index) => (
          <Field key={index} problem={problem} />
        ))}
      </NotifyContext.Provider>
    );
    const view = render(screen(['Missing interface "a"', 'Missing interface "b"', 'Missing interface "a"']));
    await waitFor(() => expect(notify).toHaveBeenCalledTimes(1));
    expect(notify.mock.calls[0][0]).toMatchObject({
      title: '2 interfaces or layouts are missing or broken; plain stand-ins are shown',
      details: 'Missing interface "a" · Missing interface "b"',
      color: 'danger',
    });
    // Re-rendering, or another screen with the same problems, says nothing more.
    view.rerender(screen(['Missing interface "b"', 'Missing interface "a"']));
    await Promise.resolve();
    render(screen(['Missing interface "a"']));
    await Promise.resolve();
    expect(notify).toHaveBeenCalledTimes(1);
    render(screen(['Missing layout "cards"']));
    await waitFor(() => expect(notify).toHaveBeenCalledTimes(2));
    expect(notify.mock.calls[1][0].title).toBe(
      'An interface or layout is missing or broken; a plain stand-in is shown',
    );
  });
});
