import { useEffect, useRef } from 'react';
import { defaultKeymap, history, historyKeymap, indentWithTab } from '@codemirror/commands';
import { bracketMatching, indentOnInput } from '@codemirror/language';
import { setDiagnostics } from '@codemirror/lint';
import { Annotation, Compartment, EditorState, type Extension } from '@codemirror/state';
import {
  drawSelection,
  EditorView,
  highlightActiveLine,
  highlightActiveLineGutter,
  keymap,
  lineNumbers,
  placeholder as placeholderText,
} from '@codemirror/view';
import { octavoCodeTheme } from './codemirror-theme';
import { loadLanguage } from './languages';
import './CodeEditor.css';

export interface CodeProblem {
  /** Offsets in the text. */
  from: number;
  to: number;
  message: string;
}

export interface CodeEditorProps {
  /** DOM id of the editable element. */
  id: string;
  value: string;
  onChange: (text: string) => void;
  /** A MIME type of the code interface's `language` option. */
  language?: unknown;
  lineNumbers?: boolean;
  readOnly?: boolean;
  /** The accessible name of the editable element. */
  label: string;
  /** Ids for aria-describedby (the field's note, an error message). */
  describedBy?: string;
  invalid?: boolean;
  /** Marked in the text (a wavy underline), e.g. where the JSON stops parsing. */
  problem?: CodeProblem | null;
  /** The height, in lines, the editor takes before it scrolls. */
  rows?: number;
  placeholder?: string;
}

/** Changes we make to follow the `value` prop; they are not reported back through onChange. */
const external = Annotation.define<boolean>();

function attributes(props: CodeEditorProps): Record<string, string> {
  const attrs: Record<string, string> = { id: props.id, 'aria-label': props.label, 'aria-multiline': 'true' };
  if (props.describedBy) attrs['aria-describedby'] = props.describedBy;
  if (props.invalid) attrs['aria-invalid'] = 'true';
  if (props.readOnly) attrs['aria-readonly'] = 'true';
  return attrs;
}

/** A CodeMirror 6 editor as a controlled React component, themed from the design tokens. */
export function CodeEditor(props: CodeEditorProps) {
  const host = useRef<HTMLDivElement>(null);
  const view = useRef<EditorView | null>(null);
  const onChange = useRef(props.onChange);
  onChange.current = props.onChange;
  const compartments = useRef({
    language: new Compartment(),
    lineNumbers: new Compartment(),
    readOnly: new Compartment(),
    attributes: new Compartment(),
    placeholder: new Compartment(),
  });
  const showLineNumbers = props.lineNumbers !== false;

  // The view is made once; every prop after that reaches it through a compartment.
  useEffect(() => {
    const c = compartments.current;
    const extensions: Extension[] = [
      history(),
      drawSelection(),
      indentOnInput(),
      bracketMatching(),
      highlightActiveLine(),
      EditorView.lineWrapping,
      keymap.of([...defaultKeymap, ...historyKeymap, indentWithTab]),
      octavoCodeTheme,
      c.language.of([]),
      c.lineNumbers.of(showLineNumbers ? [lineNumbers(), highlightActiveLineGutter()] : []),
      c.readOnly.of([EditorState.readOnly.of(!!props.readOnly), EditorView.editable.of(!props.readOnly)]),
      c.attributes.of(EditorView.contentAttributes.of(attributes(props))),
      c.placeholder.of(props.placeholder ? placeholderText(props.placeholder) : []),
      EditorView.updateListener.of((update) => {
        if (!update.docChanged) return;
        if (update.transactions.some((tr) => tr.annotation(external))) return;
        onChange.current(update.state.doc.toString());
      }),
    ];
    const created = new EditorView({
      parent: host.current!,
      state: EditorState.create({ doc: props.value, extensions }),
    });
    view.current = created;
    return () => {
      created.destroy();
      view.current = null;
    };
    // Made once; the effects below keep it in step with the props.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useEffect(() => {
    const current = view.current;
    if (!current || current.state.doc.toString() === props.value) return;
    current.dispatch({
      changes: { from: 0, to: current.state.doc.length, insert: props.value },
      annotations: external.of(true),
    });
  }, [props.value]);

  useEffect(() => {
    let live = true;
    void loadLanguage(props.language).then((support) => {
      if (live && view.current) {
        view.current.dispatch({ effects: compartments.current.language.reconfigure(support ?? []) });
      }
    });
    return () => {
      live = false;
    };
  }, [props.language]);

  useEffect(() => {
    view.current?.dispatch({
      effects: compartments.current.lineNumbers.reconfigure(
        showLineNumbers ? [lineNumbers(), highlightActiveLineGutter()] : [],
      ),
    });
  }, [showLineNumbers]);

  const attrs = JSON.stringify(attributes(props));
  useEffect(() => {
    const c = compartments.current;
    view.current?.dispatch({
      effects: [
        c.readOnly.reconfigure([
          EditorState.readOnly.of(!!props.readOnly),
          EditorView.editable.of(!props.readOnly),
        ]),
        c.attributes.reconfigure(EditorView.contentAttributes.of(JSON.parse(attrs))),
        c.placeholder.reconfigure(props.placeholder ? placeholderText(props.placeholder) : []),
      ],
    });
  }, [attrs, props.readOnly, props.placeholder]);

  const { problem } = props;
  useEffect(() => {
    const current = view.current;
    if (!current) return;
    const length = current.state.doc.length;
    const diagnostics = problem
      ? [
          {
            from: Math.min(problem.from, length),
            to: Math.min(Math.max(problem.to, problem.from), length),
            severity: 'error' as const,
            message: problem.message,
          },
        ]
      : [];
    current.dispatch(setDiagnostics(current.state, diagnostics));
  }, [problem]);

  return (
    <div
      ref={host}
      className={`octavo-code${props.invalid ? ' octavo-code--invalid' : ''}${props.readOnly ? ' octavo-code--readonly' : ''}`}
      style={{ ['--octavo-code-rows' as string]: String(props.rows ?? 8) }}
    />
  );
}
