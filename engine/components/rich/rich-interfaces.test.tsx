// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { EditorView } from '@codemirror/view';
import type { Editor } from '@tiptap/core';
import type { FieldDefinition } from '../../types';
import type { InterfaceComponentProps } from '../contract';
import CodeInterface from './CodeInterface';
import JsonInterface from './JsonInterface';
import MarkdownInterface from './MarkdownInterface';
import Wysiwyg from './Wysiwyg';

afterEach(cleanup);

function props(field: FieldDefinition, extra: Partial<InterfaceComponentProps> = {}) {
  const onChange = vi.fn();
  return {
    onChange,
    props: {
      id: `f-${field.field}`,
      value: null,
      onChange,
      disabled: false,
      required: false,
      field,
      values: {},
      newItem: false,
      ...extra,
    } as InterfaceComponentProps,
  };
}

/** Replaces the whole text of the CodeMirror editor, as typing would. */
function typeCode(container: HTMLElement, text: string) {
  const view = EditorView.findFromDOM(container.querySelector('.cm-editor') as HTMLElement)!;
  act(() => view.dispatch({ changes: { from: 0, to: view.state.doc.length, insert: text } }));
}
const codeText = (container: HTMLElement) =>
  EditorView.findFromDOM(container.querySelector('.cm-editor') as HTMLElement)!.state.doc.toString();

describe('json interface', () => {
  const field = { field: 'settings', type: 'json', name: 'Settings' };

  it('shows the value as JSON and emits parsed values only while the text is valid', () => {
    const { props: p, onChange } = props(field, { value: { a: 1 } });
    const { container } = render(<JsonInterface {...p} />);
    expect(codeText(container)).toBe('{\n  "a": 1\n}');
    const content = container.querySelector('.cm-content')!;
    expect(content.getAttribute('aria-label')).toBe('Settings');
    expect(content.id).toBe('f-settings');

    typeCode(container, '{\n  "a": 1,\n  "b": [tru\n}');
    expect(onChange).not.toHaveBeenCalled();
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('interfaces.rich.json_invalid');
    expect(alert.textContent).toContain('"line":3');
    expect(content.getAttribute('aria-invalid')).toBe('true');
    expect(content.getAttribute('aria-describedby')).toContain(alert.id);

    typeCode(container, '{"a": 1, "b": [true]}');
    expect(onChange).toHaveBeenLastCalledWith({ a: 1, b: [true] });
    expect(screen.queryByRole('alert')).toBeNull();
    expect(content.getAttribute('aria-invalid')).toBeNull();

    typeCode(container, '12.5');
    expect(onChange).toHaveBeenLastCalledWith(12.5);
    typeCode(container, '');
    expect(onChange).toHaveBeenLastCalledWith(null);
  });

  it('offers its template when empty and is read-only when disabled', () => {
    const { props: p, onChange } = props(field, { template: { title: '' } });
    const { container, rerender } = render(<JsonInterface {...p} />);
    fireEvent.click(screen.getByRole('button', { name: 'interfaces.rich.insert_template' }));
    expect(onChange).toHaveBeenLastCalledWith({ title: '' });
    rerender(<JsonInterface {...p} value={{ title: '' }} disabled />);
    expect(screen.queryByRole('button', { name: 'interfaces.rich.insert_template' })).toBeNull();
    expect(container.querySelector('.cm-content')!.getAttribute('contenteditable')).toBe('false');
  });

  it('follows a value changed from outside', () => {
    const { props: p } = props(field, { value: [1] });
    const { container, rerender } = render(<JsonInterface {...p} />);
    rerender(<JsonInterface {...p} value={{ reset: true }} />);
    expect(codeText(container)).toBe('{\n  "reset": true\n}');
  });
});

describe('code interface', () => {
  it('stores text for a string field, null when emptied', () => {
    const field = { field: 'snippet', type: 'string' };
    const { props: p, onChange } = props(field, {
      value: 'let a = 1;',
      language: 'text/javascript',
      fieldType: 'string',
    });
    const { container } = render(<CodeInterface {...p} />);
    expect(container.querySelector('.cm-lineNumbers')).not.toBeNull();
    typeCode(container, 'let a = 2;');
    expect(onChange).toHaveBeenLastCalledWith('let a = 2;');
    typeCode(container, '');
    expect(onChange).toHaveBeenLastCalledWith(null);
  });

  it('hides line numbers when asked and inserts the template', () => {
    const field = { field: 'snippet', type: 'string' };
    const { props: p, onChange } = props(field, {
      lineNumber: false,
      template: '<template></template>',
      fieldType: 'string',
    });
    const { container } = render(<CodeInterface {...p} />);
    expect(container.querySelector('.cm-lineNumbers')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'interfaces.rich.insert_template' }));
    expect(onChange).toHaveBeenLastCalledWith('<template></template>');
  });

  it('stores parsed JSON for a json field', () => {
    const field = { field: 'config', type: 'json' };
    const { props: p, onChange } = props(field, {
      value: { x: 1 },
      fieldType: 'json',
      language: 'text/plain',
    });
    const { container } = render(<CodeInterface {...p} />);
    typeCode(container, '[1, "two"]');
    expect(onChange).toHaveBeenLastCalledWith([1, 'two']);
    typeCode(container, '[1, "two"');
    expect(screen.getByRole('alert')).toBeTruthy();
  });
});

describe('markdown interface', () => {
  const field = { field: 'body', type: 'string', name: 'Body' };

  it('writes text and previews it sanitized in a second tab', () => {
    const { props: p, onChange } = props(field, { tabbed: true, rows: 5 });
    const { container, rerender } = render(<MarkdownInterface {...p} />);
    typeCode(container, '# Hello');
    expect(onChange).toHaveBeenLastCalledWith('# Hello');
    rerender(
      <MarkdownInterface
        {...p}
        value={'# Hello\n\n<img src=x onerror="alert(1)"> [a](javascript:alert(1))'}
      />,
    );
    fireEvent.click(screen.getByRole('tab', { name: /interfaces.rich.preview/ }));
    const preview = screen.getByRole('region', { name: 'interfaces.rich.preview' });
    expect(preview.querySelector('h1')?.textContent).toBe('Hello');
    expect(preview.innerHTML).not.toMatch(/onerror|javascript:/);
  });

  it('shows editor and preview side by side when not tabbed', () => {
    const { props: p } = props(field, { tabbed: false, value: '*hi*' });
    render(<MarkdownInterface {...p} />);
    expect(screen.queryByRole('tablist')).toBeNull();
    expect(
      screen.getByRole('region', { name: 'interfaces.rich.preview' }).querySelector('em')?.textContent,
    ).toBe('hi');
  });
});

describe('wysiwyg interface', () => {
  const field = { field: 'body', type: 'string', name: 'Body' };
  const editorOf = (container: HTMLElement) =>
    (container.querySelector('.ProseMirror') as HTMLElement & { editor: Editor }).editor;

  it('draws the toolbar the option asks for, with one tab stop and pressed states', async () => {
    const { props: p, onChange } = props(field, { toolbar: ['bold', 'italic', 'h2', 'bullist', 'link'] });
    const { container } = render(<Wysiwyg {...p} />);
    const toolbar = await screen.findByRole('toolbar');
    const buttons = Array.from(toolbar.querySelectorAll('button'));
    expect(buttons.map((b) => b.getAttribute('aria-label'))).toEqual([
      'interfaces.rich.bold',
      'interfaces.rich.italic',
      'interfaces.rich.heading_2',
      'interfaces.rich.bullist',
      'interfaces.rich.link',
    ]);
    expect(buttons.filter((b) => b.tabIndex === 0)).toHaveLength(1);
    fireEvent.keyDown(buttons[0], { key: 'ArrowRight' });
    expect(document.activeElement).toBe(buttons[1]);
    expect(buttons[1].tabIndex).toBe(0);
    fireEvent.keyDown(buttons[1], { key: 'End' });
    expect(document.activeElement).toBe(buttons[4]);

    const editor = editorOf(container);
    act(() => {
      editor.commands.insertContent('Hello');
      editor.commands.selectAll();
    });
    fireEvent.click(buttons[0]);
    await waitFor(() => expect(buttons[0].getAttribute('aria-pressed')).toBe('true'));
    expect(onChange).toHaveBeenLastCalledWith('<p><strong>Hello</strong></p>');
    fireEvent.click(buttons[2]);
    expect(onChange).toHaveBeenLastCalledWith('<h2><strong>Hello</strong></h2>');
  });

  it('emits null, never an empty paragraph, when emptied', () => {
    const { props: p, onChange } = props(field, { value: '<p>Text</p>', toolbar: ['bold'] });
    const { container } = render(<Wysiwyg {...p} />);
    act(() => {
      editorOf(container).commands.clearContent(true);
    });
    expect(onChange).toHaveBeenLastCalledWith(null);
  });

  it('inserts a link through its dialog', async () => {
    const { props: p, onChange } = props(field, { toolbar: ['link'] });
    const { container } = render(<Wysiwyg {...p} />);
    act(() => {
      editorOf(container).commands.insertContent('Read more');
      editorOf(container).commands.selectAll();
    });
    fireEvent.click(await screen.findByRole('button', { name: 'interfaces.rich.link' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(dialog.querySelector('input')!, { target: { value: 'javascript:alert(1)' } });
    fireEvent.click(screen.getByRole('button', { name: 'interfaces.rich.apply' }));
    expect(screen.getByRole('alert').textContent).toBe('interfaces.rich.link_invalid');
    fireEvent.change(dialog.querySelector('input')!, { target: { value: 'example.com/more' } });
    fireEvent.click(screen.getByRole('button', { name: 'interfaces.rich.apply' }));
    expect(onChange).toHaveBeenLastCalledWith('<p><a href="https://example.com/more">Read more</a></p>');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('inserts an image chosen in the file library', async () => {
    const { props: p, onChange } = props(field, { toolbar: ['image'] });
    const pickItem = vi.fn(async () => ({
      item: {
        id: 3,
        title: 'Sea',
        data: { full_url: 'http://host/test/assets/abc', url: '/test/assets/abc' },
      },
      primaryKey: 'id',
    }));
    const { FormServicesContext } = await import('../contract');
    render(
      <FormServicesContext.Provider value={{ pickItem }}>
        <Wysiwyg {...p} />
      </FormServicesContext.Provider>,
    );
    fireEvent.click(await screen.findByRole('button', { name: 'interfaces.rich.image' }));
    fireEvent.click(await screen.findByRole('button', { name: 'interfaces.rich.from_library' }));
    await waitFor(() => expect(onChange).toHaveBeenCalled());
    expect(pickItem).toHaveBeenCalledWith({ field: 'body__image', type: 'file', interface: 'file' }, null);
    expect(onChange).toHaveBeenLastCalledWith('<img src="/test/assets/abc" alt="Sea">');
  });

  it('is a read-only editor without a toolbar when disabled', () => {
    const { props: p } = props(field, { value: '<p>Fixed</p>', disabled: true, toolbar: ['bold'] });
    const { container } = render(<Wysiwyg {...p} />);
    expect(screen.queryByRole('toolbar')).toBeNull();
    const content = container.querySelector('.ProseMirror')!;
    expect(content.getAttribute('contenteditable')).toBe('false');
    expect(content.getAttribute('aria-readonly')).toBe('true');
  });

  it('spreads over the viewport in full screen and leaves it with Escape', async () => {
    const { props: p } = props(field, { toolbar: ['bold', 'fullscreen'] });
    const { container } = render(<Wysiwyg {...p} />);
    const button = await screen.findByRole('button', { name: 'interfaces.rich.fullscreen' });
    fireEvent.click(button);
    expect(container.querySelector('.octavo-wysiwyg--fullscreen')).not.toBeNull();
    expect(button.getAttribute('aria-pressed')).toBe('true');
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(container.querySelector('.octavo-wysiwyg--fullscreen')).toBeNull();
  });
});
