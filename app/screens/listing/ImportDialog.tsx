import './exchange-catalog';
import Papa from 'papaparse';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { fieldLabel } from '../../../engine/form/labels';
import { Button, Dropzone, Modal, Notice, Select, Toggle } from '../../../ui';
import { importItems, type ImportReport } from '../../api/exchange';
import { useT } from '../../i18n';
import { useApi, useNotify, usePermissionModel, useSchema } from '../../state/hooks';
import {
  autoMatch,
  buildRows,
  checkColumns,
  importTargets,
  needsValue,
  splitHeader,
  type ColumnCheck,
  type ParsedCsv,
} from './import-mapping';
import './exchange.css';
import { useErrorText } from '../../i18n/errors';

/** Rows shown in the preview. */
const PREVIEW_ROWS = 5;
/** Rejections listed in the report; the rest are counted. */
const REPORT_ROWS = 100;

interface Loaded extends ParsedCsv {
  name: string;
}

/**
 * CSV import into a collection (default export: a lazy chunk with the parser). The file is read here:
 * the preview shows its first rows, each column's field (matched by name, changeable) and the type
 * check per column; the server validates every row through the items engine and answers a report.
 * All or nothing unless "skip rejected rows" is on; "Check" asks for the server's verdict only.
 */
export default function ImportDialog(props: {
  collection: string;
  collectionName: string;
  onClose: () => void;
  onImported: () => void;
}) {
  const { collection } = props;
  const t = useT();
  const api = useApi();
  const notify = useNotify();
  const errorText = useErrorText();
  const schema = useSchema();
  const permissions = usePermissionModel();
  const ids = useId();
  const [file, setFile] = useState<Loaded | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [mapping, setMapping] = useState<Array<string | null>>([]);
  const [skipRejected, setSkipRejected] = useState(false);
  const [sending, setSending] = useState<'check' | 'import' | null>(null);
  const [report, setReport] = useState<ImportReport | null>(null);
  // After rows were written, the same file is not offered again (it would create them twice).
  const [written, setWritten] = useState(false);

  const targets = useMemo(
    () => importTargets(schema.fields[collection] ?? [], permissions.writableFields(collection, null)),
    [schema.fields, collection, permissions],
  );
  const byName = useMemo(() => new Map(targets.map((field) => [field.field, field])), [targets]);
  const choices = useMemo(
    () => targets.map((field) => ({ value: field.field, label: `${fieldLabel(field)} (${field.field})` })),
    [targets],
  );
  const checks = useMemo(
    () => (file ? checkColumns(file.data, mapping, byName) : []),
    [file, mapping, byName],
  );
  const checkOf = (column: number): ColumnCheck | undefined => checks.find((c) => c.column === column);
  const ignored = file ? file.columns.filter((_, index) => !mapping[index]) : [];
  const missing = targets.filter((field) => needsValue(field) && !mapping.includes(field.field));

  const load = async (files: File[]) => {
    const chosen = files[0];
    if (!chosen) return;
    setReport(null);
    setProblem(null);
    setWritten(false);
    const text = await chosen.text();
    const parsed = Papa.parse<string[]>(text, { skipEmptyLines: 'greedy' });
    const broken = parsed.errors.find((error) => error.type === 'Quotes');
    const split = splitHeader(parsed.data);
    if (broken || !split) {
      setFile(null);
      setProblem(
        broken
          ? t('exchange.unreadable', { line: (broken.row ?? 0) + 1, message: broken.message })
          : t('exchange.empty_file'),
      );
      return;
    }
    if (split.data.length === 0) {
      setFile(null);
      setProblem(t('exchange.no_rows'));
      return;
    }
    setFile({ ...split, name: chosen.name });
    setMapping(autoMatch(split.columns, targets, fieldLabel));
  };

  const send = async (dryRun: boolean) => {
    if (!file) return;
    setSending(dryRun ? 'check' : 'import');
    try {
      const rows = buildRows(file.data, mapping, byName);
      const answer = await importItems(api, collection, rows, { dryRun, skipRejected });
      setReport(answer);
      if (!dryRun && answer.imported > 0) {
        setWritten(true);
        notify({ title: t('exchange.imported', { count: answer.imported }), color: 'success' });
        props.onImported();
        if (answer.rejected.length === 0) props.onClose();
      }
    } catch (error) {
      setReport(null);
      notify({
        title: t('exchange.import_failed'),
        details: errorText(error),
        color: 'danger',
      });
    } finally {
      setSending(null);
    }
  };

  const mapped = mapping.filter(Boolean).length;
  const previewColumns = file ? file.columns.map((name, index) => ({ name, index })) : [];
  const footer = (
    <>
      <Button variant={written ? 'primary' : 'secondary'} onClick={props.onClose}>
        {written ? t('exchange.close') : t('exchange.cancel')}
      </Button>
      {file && !written && (
        <>
          <Button
            variant="secondary"
            icon="fact_check"
            onClick={() => send(true)}
            disabled={sending !== null || mapped === 0}
            loading={sending === 'check'}
          >
            {t('exchange.check')}
          </Button>
          <Button
            icon="upload"
            onClick={() => send(false)}
            disabled={sending !== null || mapped === 0}
            loading={sending === 'import'}
          >
            {t('exchange.import_rows', { count: file.data.length })}
          </Button>
        </>
      )}
    </>
  );

  return (
    <Modal
      open
      onClose={props.onClose}
      title={t('exchange.import_title', { collection: props.collectionName })}
      closeLabel={t('exchange.close')}
      size="large"
      actions={footer}
      dismissible={sending === null}
    >
      <div className="exchange-import">
        {!file ? (
          <Dropzone
            label={t('exchange.drop_label')}
            buttonLabel={t('exchange.choose_file')}
            hint={t('exchange.drop_hint')}
            accept=".csv,text/csv"
            multiple={false}
            onFiles={load}
          />
        ) : (
          <div className="exchange-import__file">
            <p>
              <strong>{file.name}</strong>{' '}
              {t('exchange.file_summary', { rows: file.data.length, columns: file.columns.length })}
            </p>
            <Button variant="secondary" icon="upload_file" onClick={() => setFile(null)}>
              {t('exchange.other_file')}
            </Button>
          </div>
        )}
        {problem && (
          <Notice color="danger" live="alert">
            {problem}
          </Notice>
        )}

        {file && (
          <>
            <section aria-labelledby={`${ids}-map`}>
              <h3 className="exchange-import__heading" id={`${ids}-map`}>
                {t('exchange.columns')}
              </h3>
              <div className="exchange-import__mapping">
                {file.columns.map((column, index) => {
                  const check = checkOf(index);
                  const selectId = `${ids}-col-${index}`;
                  const statusId = `${ids}-status-${index}`;
                  return (
                    <div className="exchange-import__map-row" key={`${index}-${column}`}>
                      <label htmlFor={selectId} className="exchange-import__column">
                        {column || t('exchange.unnamed_column', { number: index + 1 })}
                      </label>
                      <Select
                        id={selectId}
                        choices={choices}
                        value={mapping[index] ?? null}
                        placeholder={t('exchange.do_not_import')}
                        describedBy={statusId}
                        invalid={(check?.invalid ?? 0) + (check?.blank ?? 0) > 0}
                        onChange={(value) => {
                          setReport(null);
                          setMapping((current) =>
                            current.map((entry, at) =>
                              at === index ? value : value !== null && entry === value ? null : entry,
                            ),
                          );
                        }}
                      />
                      <span
                        id={statusId}
                        className={`exchange-import__check${check && check.invalid + check.blank > 0 ? ' exchange-import__check--bad' : ''}`}
                      >
                        {!check
                          ? t('exchange.column_ignored')
                          : check.invalid + check.blank === 0
                            ? t(`exchange.kind.${check.kind}`)
                            : [
                                check.invalid > 0 &&
                                  t('exchange.type_problem', {
                                    count: check.invalid,
                                    kind: t(`exchange.kind.${check.kind}`),
                                    listed: check.rows.length,
                                    rows: check.rows.join(', '),
                                  }),
                                check.blank > 0 &&
                                  t('exchange.blank_problem', {
                                    count: check.blank,
                                    listed: check.blankRows.length,
                                    rows: check.blankRows.join(', '),
                                  }),
                              ]
                                .filter(Boolean)
                                .join(' ')}
                      </span>
                    </div>
                  );
                })}
              </div>
              {ignored.length > 0 && (
                <p className="exchange-import__note">
                  {t('exchange.ignored_note', { columns: ignored.join(', '), count: ignored.length })}
                </p>
              )}
              {missing.length > 0 && (
                <Notice color="warning">
                  {t('exchange.missing_required', {
                    fields: missing.map((field) => fieldLabel(field)).join(', '),
                  })}
                </Notice>
              )}
            </section>

            <section aria-labelledby={`${ids}-preview`}>
              <h3 className="exchange-import__heading" id={`${ids}-preview`}>
                {t('exchange.preview', { count: Math.min(PREVIEW_ROWS, file.data.length) })}
              </h3>
              <div className="exchange-import__scroll">
                <table className="exchange-import__table">
                  <thead>
                    <tr>
                      <th scope="col">{t('exchange.row')}</th>
                      {previewColumns.map(({ name, index }) => (
                        <th
                          scope="col"
                          key={index}
                          className={mapping[index] ? undefined : 'exchange-import__ignored'}
                        >
                          {name}
                        </th>
                      ))}
                    </tr>
                  </thead>
                  <tbody>
                    {file.data.slice(0, PREVIEW_ROWS).map((cells, row) => (
                      <tr key={row}>
                        <td>{row + 1}</td>
                        {previewColumns.map(({ index }) => {
                          const check = checkOf(index);
                          const bad = check?.rows.includes(row + 1) || check?.blankRows.includes(row + 1);
                          return (
                            <td
                              key={index}
                              className={
                                !mapping[index]
                                  ? 'exchange-import__ignored'
                                  : bad
                                    ? 'exchange-import__bad'
                                    : undefined
                              }
                            >
                              {cells[index] ?? ''}
                            </td>
                          );
                        })}
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            </section>

            <div>
              <Toggle
                checked={skipRejected}
                onChange={(value) => {
                  setSkipRejected(value);
                  setReport(null);
                }}
                label={t('exchange.skip_rejected')}
                appearance="checkbox"
              />
              <p className="exchange-import__note">
                {skipRejected ? t('exchange.skip_rejected_note') : t('exchange.all_or_nothing_note')}
              </p>
            </div>
          </>
        )}

        {report && <ImportReportView report={report} />}
      </div>
    </Modal>
  );
}

function ImportReportView({ report }: { report: ImportReport }) {
  const t = useT();
  const ref = useRef<HTMLElement>(null);
  // A new verdict comes into view (it is drawn below the preview).
  useEffect(() => {
    // A block, not an expression: browsers now answer scrollIntoView with a promise, and React
    // would take it for the effect's cleanup.
    ref.current?.scrollIntoView?.({ block: 'nearest' });
  }, [report]);
  const rejected = report.rejected.length;
  const summary = report.dry_run
    ? rejected === 0
      ? t('exchange.check_passed', { count: report.total })
      : t('exchange.check_failed', { count: rejected, total: report.total })
    : report.imported === 0
      ? t('exchange.nothing_imported', { count: rejected, total: report.total })
      : t('exchange.imported_some', { count: report.imported, rejected });
  const color = rejected === 0 ? 'success' : report.imported > 0 ? 'warning' : 'danger';
  return (
    <section className="exchange-import__report" aria-label={t('exchange.report')} ref={ref}>
      <Notice color={color} live="status" title={t('exchange.report')}>
        {summary}
      </Notice>
      {rejected > 0 && (
        <div className="exchange-import__scroll">
          <table className="exchange-import__table" aria-label={t('exchange.rejected_rows')}>
            <thead>
              <tr>
                <th scope="col">{t('exchange.row')}</th>
                <th scope="col">{t('exchange.field')}</th>
                <th scope="col">{t('exchange.problem')}</th>
              </tr>
            </thead>
            <tbody>
              {report.rejected.slice(0, REPORT_ROWS).map((entry) => (
                <tr key={`${entry.row}-${entry.code}`}>
                  <td>{entry.row}</td>
                  <td>{entry.field ?? '—'}</td>
                  <td>{entry.message}</td>
                </tr>
              ))}
            </tbody>
          </table>
          {rejected > REPORT_ROWS && (
            <p className="exchange-import__note">
              {t('exchange.more_rejected', { count: rejected - REPORT_ROWS })}
            </p>
          )}
        </div>
      )}
    </section>
  );
}
