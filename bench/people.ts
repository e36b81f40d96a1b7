import { apiPath, type Person, type Schemas } from './calls';
import type { World } from './world';

/** Sign-ins at once: argon2id runs on libuv's four threads, so more would only queue. */
const AT_ONCE = 8;

/**
 * Signs in the first `count` people of the world the way the web app does (POST /users/login with their
 * e-mail and password), `AT_ONCE` at a time; each keeps the token it was given.
 */
export async function signIn(base: string, world: World, password: string, count: number): Promise<Person[]> {
  const users = world.users.slice(0, count);
  // In the world's order whatever order the answers come in, so the load is the same on every run.
  const people: Person[] = new Array(users.length);
  let next = 0;
  const worker = async () => {
    while (next < users.length) {
      const at = next++;
      const user = users[at] as World['users'][number];
      const body: Schemas['LoginRequest'] = { email: user.email, password };
      const response = await fetch(new URL(apiPath('/users/login'), base), {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      if (response.status !== 200) {
        throw new Error(`Signing in ${user.email} answered ${response.status}: ${await response.text()}`);
      }
      const { data } = (await response.json()) as { data: Schemas['AuthUser'] };
      people[at] = {
        id: user.id,
        authorization: `Bearer ${data.token}`,
        groups: world.groupsOf.get(user.id) ?? [],
      };
    }
  };
  await Promise.all(Array.from({ length: AT_ONCE }, worker));
  return people;
}
