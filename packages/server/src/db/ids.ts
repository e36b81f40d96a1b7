const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Ids in URLs and bodies are plain strings in the contract; a uuid column refuses anything else with an
 * error. Repos check first and treat a malformed id as "not found".
 */
export function isUuid(id: string): boolean {
  return UUID.test(id);
}
