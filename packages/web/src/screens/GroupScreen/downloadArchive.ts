import { call } from '@kitty/api';
import { api } from '../../api';
import { downloadText } from './exportGroupCsv';
import catalog from '../../i18n/catalog/en/group.json';
import { messages } from '../../i18n/messages';

const t = messages(catalog);

/**
 * "Trip: Lisbon/Porto" -> "Trip_ Lisbon_Porto-kitty.json": the group's name as written (accents and spaces
 * kept), without the characters a file name cannot hold on Windows, macOS or Linux.
 */
export function archiveFileName(groupName: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed
  const safe = groupName.replace(/[\u0000-\u001f\u007f/\\:*?"<>|]/gu, '_').trim();
  return `${safe || 'group'}-kitty.json`;
}

/** GET /groups/{id}/archive saved as `<group name>-kitty.json` (what POST /imports reads back, format kitty-json). */
export async function downloadGroupArchive(groupId: string): Promise<void> {
  const archive = await call(
    api.GET('/groups/{id}/archive', { params: { path: { id: groupId } } }),
    t('archiveFailed'),
  );
  downloadText(
    `${JSON.stringify(archive, null, 2)}\n`,
    archiveFileName(archive.group.name),
    'application/json',
  );
}
