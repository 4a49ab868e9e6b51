import { App, Button } from 'antd';
import { useState } from 'react';
import { adminExportTables, type AdminExportTable } from '@projectory/contracts/values';
import { useGetExportReportMutation } from '../admin.api';
import { adminTexts } from '../admin.texts';
import { downloadStream, formatBytes, reportFileName, saveFile } from '../download';

const t = adminTexts.exports;

/**
 * 'Export Report' (the prototype's text report, saved as projectory-report-YYYY-MM-DD.txt) and the CSV
 * exports of users, projects and matches, streamed with the bytes received shown while they come.
 */
export function ExportButtons() {
  const { notification } = App.useApp();
  const [getReport, { isLoading: reporting }] = useGetExportReportMutation();
  const [running, setRunning] = useState<AdminExportTable>();
  const [received, setReceived] = useState(0);

  const exportReport = async () => {
    try {
      const { report, generatedAt } = await getReport(undefined).unwrap();
      const fileName = reportFileName(generatedAt);
      saveFile(new Blob([report], { type: 'text/plain;charset=utf-8' }), fileName);
      notification.success({ title: t.reportDone, description: t.reportDoneDetail(fileName) });
    } catch {
      notification.error({ title: t.failedTitle, description: t.failedReport });
    }
  };

  const exportTable = async (table: AdminExportTable) => {
    setRunning(table);
    setReceived(0);
    try {
      const date = new Date().toISOString().slice(0, 10);
      const { blob, fileName } = await downloadStream(
        `/api/admin/exports/${table}.csv`,
        `projectory-${table}-${date}.csv`,
        setReceived,
      );
      saveFile(blob, fileName);
      notification.success({ title: t.done(fileName) });
    } catch (error) {
      notification.error({ title: t.failedTitle, description: error instanceof Error ? error.message : t.failedCsv });
    } finally {
      setRunning(undefined);
    }
  };

  return (
    <div className="pj-admin-exports">
      <Button type="primary" loading={reporting} onClick={() => void exportReport()}>
        {t.report}
      </Button>
      {adminExportTables.map((table) => (
        <Button
          key={table}
          loading={running === table}
          disabled={running !== undefined && running !== table}
          onClick={() => void exportTable(table)}
        >
          {t.csv(t.tables[table])}
        </Button>
      ))}
      <p className="pj-admin-exports__progress" role="status" aria-live="polite">
        {running ? t.progress(formatBytes(received)) : ''}
      </p>
    </div>
  );
}
