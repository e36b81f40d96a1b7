import { call } from '@kitty/api';
import { CSV_BOM, csvFileName, groupCsv } from '@kitty/domain';
import { api } from '../../api';
import catalog from '../../i18n/catalog/en/group.json';
import { messages } from '../../i18n/messages';

const t = messages(catalog);

/** Offers `text` as a file download (a Blob behind a temporary <a download>). */
export function downloadText(text: string, fileName: string, type: string): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // Give the browser a moment to start the download before the URL goes away.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/**
 * Section 7: GET /groups/{groupId}/export turned into `{name}_export_{YYYY-MM-DD}.csv` by the domain,
 * with a byte-order mark so spreadsheets read it as UTF-8.
 */
export async function exportGroupCsv(groupId: string): Promise<void> {
  const data = await call(
    api.GET('/groups/{groupId}/export', { params: { path: { groupId } } }),
    t('exportFailed'),
  );
  const csv = groupCsv(data);
  downloadText(CSV_BOM + csv, csvFileName(data.group.name, new Date()), 'text/csv;charset=utf-8');
}
